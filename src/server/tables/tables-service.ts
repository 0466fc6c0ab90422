import type { Kysely } from 'kysely';
import { TABLE_TEXTS, tablePath, type RestaurantTable, type TableAtLink, type TableInput } from '../../shared/tables.ts';
import { newRowId } from '../db/row-ids.ts';
import type { Database } from '../db/schema.ts';
import { ConflictError, NotFoundError } from '../http/errors.ts';
import type { TableLinks } from './table-links.ts';
import { deleteTable, findTable, findTableByName, insertTable, listTables, raiseCodeVersion, updateTable, type TableRow } from './tables-repository.ts';

/** A table a link opened: the order's fulfilment names it and its area, taken from here only. */
export interface LinkedTable extends TableAtLink {
  id: string;
}

/** The owner's tables and the signed links their QR codes open (docs/product.md, "Tables and their codes"). */
export class TablesService {
  private readonly db: Kysely<Database>;
  private readonly links: TableLinks;

  constructor(db: Kysely<Database>, links: TableLinks) {
    this.db = db;
    this.links = links;
  }

  async list(): Promise<RestaurantTable[]> {
    return (await listTables(this.db)).map((row) => this.toTable(row));
  }

  async add(input: TableInput, now = new Date()): Promise<RestaurantTable> {
    await this.refuseTakenName(input.name);
    const id = newRowId();
    try {
      await insertTable(this.db, id, input, now.toISOString());
    } catch (error) {
      // Two adds of one name at once: the unique index lets one in, the other is told why.
      if (await findTableByName(this.db, input.name)) throw new ConflictError(TABLE_TEXTS.nameTaken);
      throw error;
    }
    return this.toTable((await findTable(this.db, id))!);
  }

  async update(id: string, input: TableInput): Promise<RestaurantTable> {
    if (!(await findTable(this.db, id))) throw new NotFoundError(TABLE_TEXTS.noSuchTable);
    await this.refuseTakenName(input.name, id);
    let updated: number;
    try {
      updated = await updateTable(this.db, id, input);
    } catch (error) {
      const other = await findTableByName(this.db, input.name);
      if (other && other.id !== id) throw new ConflictError(TABLE_TEXTS.nameTaken);
      throw error;
    }
    if (updated === 0) throw new NotFoundError(TABLE_TEXTS.noSuchTable);
    return this.toTable((await findTable(this.db, id))!);
  }

  /** A new code for the table: the links printed before open no table any more. */
  async regenerate(id: string): Promise<RestaurantTable> {
    if ((await raiseCodeVersion(this.db, id)) === 0) throw new NotFoundError(TABLE_TEXTS.noSuchTable);
    return this.toTable((await findTable(this.db, id))!);
  }

  async remove(id: string): Promise<void> {
    if ((await deleteTable(this.db, id)) === 0) throw new NotFoundError(TABLE_TEXTS.noSuchTable);
  }

  /** The table a link's token opens; undefined for a token never issued, regenerated since, or of a removed table. */
  async atLink(token: string): Promise<LinkedTable | undefined> {
    const read = this.links.read(token);
    if (!read) return undefined;
    const row = await findTable(this.db, read.tableId);
    if (!row || row.code_version !== read.version) return undefined;
    return { id: row.id, name: row.name, area: row.area };
  }

  private async refuseTakenName(name: string, ownId?: string): Promise<void> {
    const other = await findTableByName(this.db, name);
    if (other && other.id !== ownId) throw new ConflictError(TABLE_TEXTS.nameTaken);
  }

  private toTable(row: TableRow): RestaurantTable {
    return { id: row.id, name: row.name, area: row.area, path: tablePath(this.links.sign(row.id, row.code_version)) };
  }
}
