import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import { ApiClient } from './client.js';
import { applyCommand } from './commands/apply.js';
import type { CommandContext } from './commands/context.js';
import { deleteCommand } from './commands/delete.js';
import { getCommand } from './commands/get.js';
import { kindsCommand } from './commands/kinds.js';
import { runPlaybookCommand, type RunPlaybookOptions } from './commands/run-playbook.js';
import { DEFAULT_SERVER, resolveConnection, type GlobalOptions } from './connection.js';
import type { CliIo } from './io.js';

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** The `ops` command line: global connection and output options, then apply, get, delete and kinds. */
export function buildProgram(io: CliIo): Command {
  const program = new Command('ops')
    .description('Ops Console config as code: apply, get and delete resources, and run playbooks, over the HTTP API.')
    .version(VERSION)
    // Set before adding commands: subcommands copy these settings.
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .showHelpAfterError('(run ops --help for usage)')
    .option('--server <url>', `server URL (env OPS_SERVER, default ${DEFAULT_SERVER})`)
    .option('--token <token>', 'access token, sent as Bearer (env OPS_TOKEN)')
    .option('--user <email>', 'user for Basic auth (env OPS_USER)')
    .option('--password <password>', 'password for Basic auth (env OPS_PASSWORD)')
    .addOption(new Option('-o, --output <format>', 'output format').choices(['table', 'json', 'yaml']).default('table'));

  const context = (cmd: Command): CommandContext => {
    const opts = cmd.optsWithGlobals<GlobalOptions>();
    return { io, client: new ApiClient(resolveConnection(opts, io.env)), output: opts.output };
  };

  program
    .command('apply')
    .description('create or update the resources in YAML or JSON files (all of them or none)')
    .requiredOption('-f, --filename <path...>', 'a file, a directory, or - for stdin; repeatable')
    .option('-R, --recursive', 'also read sub-directories of a directory', false)
    .action(async (opts: { filename: string[]; recursive: boolean }, cmd: Command) =>
      applyCommand(opts.filename, opts.recursive, context(cmd)),
    );

  program
    .command('get')
    .description('show one resource, or list the resources of a kind')
    .argument('<kind>', 'kind, plural or short name, e.g. FeatureFlag, flags')
    .argument('[name]', 'resource name')
    .option('-n, --namespace <namespace>', 'namespace, for namespaced kinds')
    .option('--limit <n>', 'list at most n resources (server default 500)', positiveInt)
    .action(async (kind: string, name: string | undefined, opts: { namespace?: string; limit?: number }, cmd: Command) =>
      getCommand(kind, name, opts, context(cmd)),
    );

  program
    .command('delete')
    .description('delete one resource')
    .argument('<kind>', 'kind, plural or short name')
    .argument('<name>', 'resource name')
    .option('-n, --namespace <namespace>', 'namespace, for namespaced kinds')
    .action(async (kind: string, name: string, opts: { namespace?: string }, cmd: Command) =>
      deleteCommand(kind, name, opts.namespace, context(cmd)),
    );

  program
    .command('kinds')
    .description('list the kinds the server knows and whether it can apply them yet')
    .action(async (_opts: unknown, cmd: Command) => kindsCommand(context(cmd)));

  program
    .command('run')
    .description('run something on the server and follow it to the end')
    .command('playbook')
    .description('run a playbook by name and follow its actions; exits 1 when the run fails')
    .argument('<name>', 'playbook name')
    .option('-n, --namespace <namespace>', 'namespace of the playbook (needed when the name is in several)')
    .option('--config <id>', 'run on this config item')
    .option('--component <id>', 'run on this component')
    .option('--check <id>', 'run on this check')
    .option('-p, --param <key=value...>', 'a parameter value; repeatable')
    .action(async (name: string, opts: RunPlaybookOptions, cmd: Command) => runPlaybookCommand(name, opts, context(cmd)));

  return program;
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number of at least 1');
  return n;
}
