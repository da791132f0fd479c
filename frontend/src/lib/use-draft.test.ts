import { act, renderHook } from '@testing-library/react';
import { useDraft } from './use-draft';

describe('useDraft', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps what was typed across a remount (a reload) until it is cleared', () => {
    const first = renderHook(() => useDraft('journal.u1'));
    act(() => first.result.current[1]('half a thought'));
    first.unmount();

    const again = renderHook(() => useDraft('journal.u1'));
    expect(again.result.current[0]).toBe('half a thought');
    act(() => again.result.current[2]());
    expect(renderHook(() => useDraft('journal.u1')).result.current[0]).toBe('');
  });

  it("never shows one member's draft to another", () => {
    const sam = renderHook(() => useDraft('journal.sam'));
    act(() => sam.result.current[1]('private'));
    expect(renderHook(() => useDraft('journal.alex')).result.current[0]).toBe('');
  });
});
