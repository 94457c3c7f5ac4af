const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids: anything else is unknown without asking the database (which would reject the cast). */
export const isUuid = (value: string) => UUID.test(value);
