/** A write made to fail part-way, for "the audit row is in the write's own transaction" tests. */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * A Kysely plugin (use with `db.withPlugin`) that throws 'the disk is full' on any update of `table`
 * (its SQL name), and notes whether an audit row was inserted before that.
 */
export function failingUpdateOf(table: string): { plugin: KyselyPlugin; auditWritten: () => boolean } {
  let auditWritten = false;
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      const node = args.node as { kind: string; into?: { table: { identifier: { name: string } } }; table?: { table: { identifier: { name: string } } } };
      if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'audit_log') auditWritten = true;
      if (node.kind === 'UpdateQueryNode' && node.table?.table.identifier.name === table) throw new Error('the disk is full');
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return args.result;
    },
  };
  return { plugin, auditWritten: () => auditWritten };
}

/** A Kysely plugin (use with `db.withPlugin`) that throws 'the disk is full' on any insert into `table` (its SQL name). */
export function failingInsertOf(table: string): KyselyPlugin {
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      const node = args.node as { kind: string; into?: { table: { identifier: { name: string } } } };
      if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === table) throw new Error('the disk is full');
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return args.result;
    },
  };
}
