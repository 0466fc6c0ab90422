import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { MENU_QUERY_KEY } from '../api/get-menu.ts';

/**
 * Re-reads the menu queries on each change, so a dish marked sold out shows without a reload.
 * Opened after the page has loaded, so it costs the first paint nothing.
 */
export function useMenuEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const stream = new EventSource('/api/menu/events');
    stream.addEventListener('menu', () => void queryClient.invalidateQueries({ queryKey: MENU_QUERY_KEY }));
    return () => stream.close();
  }, [queryClient]);
}
