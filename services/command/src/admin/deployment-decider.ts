import type * as t from 'io-ts';
import { DeploymentRequested } from '@reflections/contracts/admin';
import { accept, type Decider, type Rejection } from '@reflections/platform/command/decider';

export type RequestDeployment = { type: 'RequestDeployment'; deploymentId: string; requestedBy: string; now: string };

/** The ops stream is a log of what admins asked for: every request is recorded, whatever came before. */
export const deploymentDecider: Decider<null, RequestDeployment, DeploymentRequested, Rejection<never>> = {
  codec: DeploymentRequested as unknown as t.Type<DeploymentRequested, unknown, unknown>,
  initialState: null,
  evolve: (state) => state,
  decide: ({ deploymentId, requestedBy, now }) =>
    accept({ type: 'DeploymentRequested', data: { deploymentId, requestedBy, requestedAt: now } }),
};
