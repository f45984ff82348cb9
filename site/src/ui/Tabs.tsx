import type { KeyboardEvent, ReactNode } from 'react';
import { isRtl, tabIndexForKey } from './tab-keys';

interface TabsProps<T extends string> {
  tabs: readonly T[];
  current: T;
  onSelect: (tab: T) => void;
  /** The tab list's accessible name. */
  label: string;
  /** Names the ids that tie the tabs to their `TabPanel` (same prefix). */
  idPrefix: string;
  /** A tab's content: its name, and whatever else it shows (a count). */
  children: (tab: T) => ReactNode;
  className?: string;
  tabClassName?: string;
}

/**
 * A daisyUI boxed tab list over one `TabPanel`, built to the ARIA tabs pattern: only the selected
 * tab is in the Tab order, the arrow keys (mirrored in RTL), Home and End select and focus a tab.
 */
export function Tabs<T extends string>({
  tabs,
  current,
  onSelect,
  label,
  idPrefix,
  children,
  className = 'tabs tabs-box',
  tabClassName = 'tab flex-1 whitespace-nowrap sm:flex-none',
}: TabsProps<T>) {
  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = tabIndexForKey(event.key, tabs.indexOf(current), tabs.length, isRtl(event.currentTarget));
    const tab = next === null ? undefined : tabs[next];
    if (tab === undefined) return;
    event.preventDefault();
    onSelect(tab);
    document.getElementById(`${idPrefix}-tab-${tab}`)?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className={className} onKeyDown={handleKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab}`}
          aria-controls={`${idPrefix}-panel`}
          aria-selected={tab === current}
          tabIndex={tab === current ? 0 : -1}
          className={`${tabClassName} ${tab === current ? 'tab-active' : ''}`}
          onClick={() => onSelect(tab)}
        >
          {children(tab)}
        </button>
      ))}
    </div>
  );
}

interface TabPanelProps {
  idPrefix: string;
  current: string;
  className?: string;
  children: ReactNode;
}

/** The panel of the `Tabs` with the same `idPrefix`, showing the current tab. */
export function TabPanel({ idPrefix, current, className, children }: TabPanelProps) {
  return (
    <section
      id={`${idPrefix}-panel`}
      role="tabpanel"
      aria-labelledby={`${idPrefix}-tab-${current}`}
      className={className}
    >
      {children}
    </section>
  );
}
