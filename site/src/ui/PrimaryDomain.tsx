import { useId, type ReactNode } from 'react';
import type { Domain } from '@warraq/contracts';
import { t } from '@/i18n';

const text = t.systemAdmin.domains;

/** The primary domain (spec §2: one, shown apart) and the subdomains, in the list's order. */
export function splitDomains(list: readonly Domain[]): { primary: Domain | null; subdomains: Domain[] } {
  return {
    primary: list.find((domain) => domain.is_primary) ?? null,
    subdomains: list.filter((domain) => !domain.is_primary),
  };
}

interface PrimaryDomainCardProps {
  primary: Domain | null;
  /** The card's heading level where it stands (a page's section, or inside a panel). */
  heading: 'h2' | 'h3';
  /** The primary domain's badges and buttons (none when no primary is set). */
  children?: ReactNode;
}

/** Spec §2: the primary domain in its own highlighted card, or that none is set. */
export function PrimaryDomainCard({ primary, heading: Heading, children }: PrimaryDomainCardProps) {
  const titleId = useId();
  return (
    <section
      className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-primary/40 bg-primary/5 p-4"
      aria-labelledby={titleId}
      data-testid="primary-domain"
    >
      <div className="min-w-0">
        <Heading id={titleId} className="text-xs opacity-70">
          {text.primary}
        </Heading>
        <p className="text-lg font-bold break-all" dir="ltr">
          {primary?.name ?? text.noPrimary}
        </p>
      </div>
      {children}
    </section>
  );
}
