/**
 * @jest-environment jsdom
 */
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ViewTabs } from './ViewTabs';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TABS = [
  { value: 'categories', label: 'Categories' },
  { value: 'variables', label: 'Variables' },
  { value: 'parameters', label: 'Parameters' },
] as const;

const chosen: string[] = [];
function Harness() {
  const [value, setValue] = useState<(typeof TABS)[number]['value']>('categories');
  return (
    <ViewTabs
      label="Model"
      value={value}
      tabs={TABS}
      onChange={(next) => {
        chosen.push(next);
        setValue(next);
      }}
    />
  );
}

let container: HTMLDivElement;
let root: Root;
const tabs = () => [...container.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
const selected = () => tabs().map((tab) => `${tab.textContent}:${tab.getAttribute('aria-selected')}:${tab.tabIndex}`);
const press = (key: string) =>
  act(() => {
    (document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });

beforeEach(async () => {
  chosen.length = 0;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<Harness />));
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe('View tabs', () => {
  it('is a labelled tab list with the chosen tab selected and the only one in the tab order', () => {
    expect(container.querySelector('[role="tablist"]')?.getAttribute('aria-label')).toBe('Model');
    expect(selected()).toEqual(['Categories:true:0', 'Variables:false:-1', 'Parameters:false:-1']);
  });

  it('chooses a tab on click, and not again when it is already chosen', async () => {
    await act(async () => tabs()[2].click());
    await act(async () => tabs()[2].click());
    expect(chosen).toEqual(['parameters']);
    expect(selected()).toEqual(['Categories:false:-1', 'Variables:false:-1', 'Parameters:true:0']);
  });

  it('moves and chooses with the arrow keys (round the ends), Home and End, taking the focus along', async () => {
    tabs()[0].focus();
    await press('ArrowRight');
    expect(document.activeElement?.textContent).toBe('Variables');
    await press('ArrowLeft');
    await press('ArrowLeft');
    expect(document.activeElement?.textContent).toBe('Parameters');
    await press('Home');
    await press('End');
    await press('Enter');
    expect(chosen).toEqual(['variables', 'categories', 'parameters', 'categories', 'parameters']);
    expect(selected()[2]).toBe('Parameters:true:0');
  });
});
