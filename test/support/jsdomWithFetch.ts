import JSDOMEnvironment from 'jest-environment-jsdom';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';

/**
 * jsdom for page tests against a mocked HTTP layer (MSW): jest's jsdom hides Node's fetch, its
 * Request/Response/Headers, streams, TextEncoder and AbortController, all of which a browser has
 * and RTK Query and MSW use. This puts Node's own back (no polyfill), resolves a relative URL
 * against the page's address as a browser's Request does, and resolves packages by their Node
 * exports (MSW's `msw/node` has no browser build). Named in a test file's docblock:
 * `@jest-environment ./test/support/jsdomWithFetch.ts`.
 */
export default class JsdomWithFetch extends JSDOMEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(
      {
        ...config,
        projectConfig: { ...config.projectConfig, testEnvironmentOptions: { customExportConditions: ['node', 'require', 'default'] } },
      },
      context,
    );
    const page = this.global as unknown as Window & typeof globalThis;
    const location = () => page.location.href;
    class PageRequest extends Request {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, location()) : input, init);
      }
    }
    Object.assign(page, {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(typeof input === 'string' ? new URL(input, location()) : input, init),
      Request: PageRequest,
      Response,
      Headers,
      FormData,
      Blob,
      ReadableStream,
      WritableStream,
      TransformStream,
      TextEncoder,
      TextDecoder,
      TextEncoderStream,
      TextDecoderStream,
      AbortController,
      AbortSignal,
      BroadcastChannel,
      structuredClone,
      URL,
      URLSearchParams,
    });
  }
}
