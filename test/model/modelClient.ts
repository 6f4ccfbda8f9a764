import { bearer } from '../support/actors';
import type { TestPlatform } from '../support/testPlatform';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Calls as one signed-in user, sending back the last position any command answered with, so a
 * read after a write sees it (read-your-writes).
 */
export function modelClient(platform: TestPlatform) {
  let lastPosition = 0;
  const call = async (token: string, method: Method, path: string, json?: unknown) => {
    const response = await platform.request(`/api${path}`, {
      method,
      json,
      headers: { ...bearer(token), 'X-Min-Position': String(lastPosition) },
    });
    if (typeof response.body?.position === 'number') lastPosition = Math.max(lastPosition, response.body.position);
    return response;
  };
  return {
    get: (token: string, path: string) => call(token, 'GET', path),
    post: (token: string, path: string, json?: unknown) => call(token, 'POST', path, json ?? {}),
    put: (token: string, path: string, json?: unknown) => call(token, 'PUT', path, json ?? {}),
    delete: (token: string, path: string, json?: unknown) => call(token, 'DELETE', path, json),
    lastPosition: () => lastPosition,
  };
}

export type ModelClient = ReturnType<typeof modelClient>;

export const category = (overrides: Record<string, unknown> = {}) => ({
  name: 'Cashflow',
  description: 'How money moves through the business',
  creditLimitWeight: 40,
  interestRateWeight: 35,
  ...overrides,
});

let code = 9000;
/** A valid int_float variable for the given category, with a fresh unique code. */
export const numericVariable = (categoryId: number, overrides: Record<string, unknown> = {}) => ({
  name: `Turnover ${++code}`,
  description: 'Monthly turnover in XAF',
  uniqueCode: code,
  variableCategoryId: categoryId,
  responseType: 'int_float',
  min_value: 0,
  max_value: 1_000_000,
  variableProportion: 100,
  ...overrides,
});
