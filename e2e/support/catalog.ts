import { API_URL } from './system';

interface MenuRef {
  serviceId: string;
  menuId: string;
  menuName: string;
}

/** A real service and its first package from the running API, to start a booking from. */
export async function firstPackage(query = 'wedding photography'): Promise<MenuRef> {
  const search = (await (await fetch(`${API_URL}/services?q=${encodeURIComponent(query)}`)).json()) as {
    results: { serviceId: string }[];
  };
  const serviceId = search.results[0]!.serviceId;
  const service = (await (await fetch(`${API_URL}/services/${serviceId}`)).json()) as {
    menus: { menuId: string; name: string }[];
  };
  const menu = service.menus[0]!;
  return { serviceId, menuId: menu.menuId, menuName: menu.name };
}
