// Keyboard behaviour of an admin modal: the shared focus trap (focus moves in on open, Tab stays
// inside, focus returns on close) plus Escape to close.
import { useEffect, useRef, type RefObject } from 'react';
import { useFocusTrap } from '~/components/ui/focus-trap';

export function useModal(ref: RefObject<HTMLElement | null>, open: boolean, onClose: () => void) {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useFocusTrap(ref, open);

  useEffect(() => {
    const container = ref.current;
    if (!open || !container) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      // The admin page behind must not react to the same key.
      event.stopPropagation();
      close.current();
    }
    container.addEventListener('keydown', onKeyDown);
    return () => container.removeEventListener('keydown', onKeyDown);
  }, [open, ref]);
}
