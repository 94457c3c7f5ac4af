import { isUuid } from '../http/uuid';
import { badRequest, notFound } from '../http/http-error';

export interface BookableMenu {
  menuId: string;
  serviceId: string;
  providerId: string;
  name: string;
  /** integer paise, the menu's price now */
  price: number;
}

type Query = <Row>(text: string, params?: unknown[]) => Promise<Row[]>;

const MENU_SQL = `
  SELECT m.id::text AS menu_id, m.service_id::text AS service_id, s.provider_id::text AS provider_id, m.name, m.price
  FROM menus m JOIN services s ON s.id = m.service_id
  WHERE m.id = $1`;

export const MENU_MESSAGES = {
  notFound: 'catalog.menuNotFound',
  otherService: 'catalog.menuOfOtherService',
} as const;

/**
 * The menu a booking or cart item names, checked to belong to the service it names: unknown (or not a
 * uuid) → 404 'catalog.menuNotFound'; another service's menu → 400.
 */
export async function findBookableMenu(query: Query, menuId: string, serviceId: string): Promise<BookableMenu> {
  if (!isUuid(menuId)) throw notFound(MENU_MESSAGES.notFound);
  const [row] = await query<{ menu_id: string; service_id: string; provider_id: string; name: string; price: number }>(
    MENU_SQL,
    [menuId],
  );
  if (!row) throw notFound(MENU_MESSAGES.notFound);
  if (row.service_id !== serviceId.toLowerCase()) throw badRequest(MENU_MESSAGES.otherService);
  return { menuId: row.menu_id, serviceId: row.service_id, providerId: row.provider_id, name: row.name, price: row.price };
}
