/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { INACTIVITY_TIMEOUT_MS } from '../session/inactivityTimeout';
import { signOut } from '../api/signOut';
import { useInactivitySignOut } from './useInactivitySignOut';

jest.mock('../api/signOut', () => ({ signOut: jest.fn(() => Promise.resolve()) }));
jest.mock('../session/hooks', () => ({ useAppDispatch: () => jest.fn() }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Harness() {
  useInactivitySignOut(true);
  return null;
}

describe('Inactivity sign-out', () => {
  let root: Root;

  beforeEach(() => {
    jest.useFakeTimers();
    jest.mocked(signOut).mockClear();
    // What a person (or a script) could put in the browser's storage to stretch the timeout: ignored.
    window.localStorage.setItem('inactivityTimeoutMs', String(365 * 24 * 3600 * 1000));
    act(() => {
      root = createRoot(document.createElement('div'));
      root.render(<Harness />);
    });
  });

  afterEach(() => {
    act(() => root.unmount());
    window.localStorage.clear();
    jest.useRealTimers();
  });

  it('signs out after 15 minutes without input, whatever the browser storage says', () => {
    expect(INACTIVITY_TIMEOUT_MS).toBe(900_000);
    act(() => jest.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - 2000));
    expect(signOut).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(3000));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(jest.mocked(signOut).mock.calls[0][1]).toBe('inactivity');
  });

  it('counts the 15 minutes from the last input', () => {
    act(() => jest.advanceTimersByTime(10 * 60_000));
    window.dispatchEvent(new Event('keydown'));
    act(() => jest.advanceTimersByTime(10 * 60_000));
    expect(signOut).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(6 * 60_000));
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
