/**
 * An API answer checked against its contract schema, where the schemas module is imported lazily
 * (`import('../domain/schemas/catalog')`) and asked for alongside the call: zod and the schemas then load with
 * the first answer a page asks for in the browser, not with the page. A page drawn from the server's
 * answers (server rendering) asks for none at first, so its first load carries neither (~24 KB gzip).
 */
export async function checkedAnswer<Module, T>(
  schemas: Promise<Module>,
  schemaOf: (module: Module) => { parse(data: unknown): T },
  answer: Promise<unknown>,
): Promise<T> {
  // the call's own failure (offline, 4xx) is what the page reports, not the schemas' that failed alongside
  schemas.catch(() => undefined);
  const data = await answer;
  return schemaOf(await schemas).parse(data);
}
