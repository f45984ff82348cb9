import type { ReactNode } from 'react';

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

/** A daisyUI boxed tab list over one `TabPanel`, with the ARIA tab roles. */
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
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab}`}
          aria-controls={`${idPrefix}-panel`}
          aria-selected={tab === current}
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
