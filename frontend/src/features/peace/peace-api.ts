import type { PeaceResponseRequest, PeaceResponseSaved, PeaceSummary } from '@reflections/contracts/peace';
import { api } from '../../lib/api';

const peaceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPeaceSummary: build.query<PeaceSummary, void>({ query: () => '/api/peace/summary', providesTags: ['Peace'] }),
    savePeaceResponse: build.mutation<PeaceResponseSaved, PeaceResponseRequest>({
      query: (body) => ({ url: '/api/peace/response', method: 'POST', body }),
      invalidatesTags: ['Peace'],
    }),
  }),
});

export const { useGetPeaceSummaryQuery, useSavePeaceResponseMutation } = peaceApi;
