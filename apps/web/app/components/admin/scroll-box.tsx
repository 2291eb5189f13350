// A box whose content may be wider than the screen (a table, the admin navigation on a phone): it scrolls
// sideways inside itself, never the page, and shows that it does: a shade on the side where more is hidden and a
// line "Scroll sideways for more" while anything is. A keyboard can scroll it (a named, focusable region).
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

export function ScrollBox({
  label,
  className = '',
  children,
}: {
  /** What the box holds; its region is named "<label> (scrolls sideways)" while it does. */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const element = box.current;
    if (!element) return;
    const left = element.scrollLeft > 1;
    const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setHidden((current) => (current.left === left && current.right === right ? current : { left, right }));
  }, []);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [measure]);

  const scrolls = hidden.left || hidden.right;
  return (
    <div className={`relative ${className}`}>
      <div
        ref={box}
        onScroll={measure}
        {...(scrolls && { role: 'region', tabIndex: 0, 'aria-label': `${label} (scrolls sideways)` })}
        className="overflow-x-auto"
      >
        {children}
      </div>
      {hidden.left && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-0 w-6 bg-gradient-to-r from-slate-400/40 to-transparent"
        />
      )}
      {hidden.right && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-0 w-6 bg-gradient-to-l from-slate-400/40 to-transparent"
        />
      )}
      {scrolls && (
        <p aria-hidden="true" className="mt-1 text-right text-xs text-slate-600">
          Scroll sideways for more {hidden.right ? '→' : '←'}
        </p>
      )}
    </div>
  );
}
