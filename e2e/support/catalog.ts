import { API_URL } from './system';

interface MenuRef {
  serviceId: string;
  menuId: string;
  menuName: string;
  /** who: what a booking of it says (its service's title and provider's name) */
  serviceTitle: string;
  providerName: string;
}

/** A real service and its first package from the running API, to start a booking from. */
export async function firstPackage(query = 'wedding photography'): Promise<MenuRef> {
  const search = (await (await fetch(`${API_URL}/services?q=${encodeURIComponent(query)}`)).json()) as {
    results: { serviceId: string }[];
  };
  const serviceId = search.results[0]!.serviceId;
  const service = (await (await fetch(`${API_URL}/services/${serviceId}`)).json()) as {
    title: string;
    provider: { name: string };
    menus: { menuId: string; name: string }[];
  };
  const menu = service.menus[0]!;
  return { serviceId, menuId: menu.menuId, menuName: menu.name, serviceTitle: service.title, providerName: service.provider.name };
}
