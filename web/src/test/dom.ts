import { act } from 'react';

/** Polls `check` (letting React and the mocked server run between tries) until it returns something, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => T | null | undefined | false, what = 'the page to settle', timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = check();
    if (found) return found;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}; page text: ${document.body.textContent?.slice(0, 600)}`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}

const named = (element: Element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();

/** The button (or link) whose accessible name is `name`, or null. */
export const findButton = (root: ParentNode, name: string | RegExp): HTMLElement | null =>
  [...root.querySelectorAll<HTMLElement>('button, a, [role="button"], [role="tab"]')].find((element) =>
    typeof name === 'string' ? named(element) === name : name.test(named(element)),
  ) ?? null;

/** The form control labelled `label` (by aria-label or a <label for>), or null. */
export function findField<T extends HTMLElement = HTMLInputElement>(root: ParentNode, label: string): T | null {
  const byAria = root.querySelector<T>(`[aria-label="${label}"]`);
  if (byAria) return byAria;
  const tag = [...root.querySelectorAll('label')].find((element) => element.textContent?.trim() === label);
  const id = tag?.getAttribute('for');
  return id ? (document.getElementById(id) as T | null) : null;
}

/** The rows of the first table's body, each as its cells' text. */
export const tableRows = (root: ParentNode): string[][] =>
  [...root.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? ''));

export async function click(element: HTMLElement): Promise<void> {
  await act(async () => {
    element.click();
  });
}

/** Types into an input or picks a select's option as a person would: React sees the change. */
export async function change(element: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string): Promise<void> {
  const prototype = Object.getPrototypeOf(element) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  await act(async () => {
    setter?.call(element, value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}
