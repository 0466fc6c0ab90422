import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { MENU_QUERY_KEY } from '../api/get-menu.ts';

/**
 * Follows the menu while a page that shows dishes is open (GET /api/menu/events, Server-Sent
 * Events): at each change, every menu query on the page is read again, so a dish the kitchen
 * marks sold out shows so without a reload. Opened after the page has loaded, so it costs the
 * first paint nothing; the browser reconnects by itself when the connection drops.
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
