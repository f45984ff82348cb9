import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** Spec §9: tooltips open after 700 ms, or at once within 300 ms of another one closing. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_MS = 300;

let lastClosedAt = 0;

interface TooltipProps {
  /** The tooltip's text (also the trigger's accessible description). */
  content: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * A hover/focus tooltip on an inline trigger. The trigger wrapper is focusable so keyboard users
 * get it too; Escape closes it.
 */
export function Tooltip({ content, children, className = '' }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clear = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  const show = () => {
    clear();
    const delay = Date.now() - lastClosedAt < TOOLTIP_SKIP_MS ? 0 : TOOLTIP_DELAY_MS;
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clear();
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now();
      return false;
    });
  };
  useEffect(() => clear, []);

  return (
    <span
      className={`relative inline-flex ${className}`}
      tabIndex={0}
      aria-describedby={id}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape') hide();
      }}
    >
      {children}
      <span
        id={id}
        role="tooltip"
        hidden={!open}
        className="absolute end-0 top-full z-30 mt-2 w-max max-w-[min(18rem,80vw)] rounded-box bg-neutral px-3 py-2 text-sm text-neutral-content shadow-lg"
      >
        {content}
      </span>
    </span>
  );
}
