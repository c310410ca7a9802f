import { CHANGE_SEVERITIES, CHANGE_TAG_FILTER_SEPARATOR, encodeConfigType } from '@ops/shared';
import { useId } from 'react';
import { TriStateFilter, useUrlParams } from '../../../components/filters';
import { UrlTimeRangePicker } from '../../../components/time-range';
import { Switch } from '../../../components/ui/switch';
import { useConfigTags, useConfigTypes, useLookup } from '../api/use-catalog-lookups';
import { PreferencesMenu } from '../components/catalog-preferences';
import { TextFilter } from '../components/text-filter';
import { CHANGE_PARAMS, CHANGES_DEFAULT_RANGE, flag } from '../lib/changes-params';
import { HIDE_DELETED_CHANGES_KEY } from '../lib/use-hide-deleted';

/** Changing a filter goes back to page 1 and closes an open change. */
export const CHANGE_RESET = [CHANGE_PARAMS.page, CHANGE_PARAMS.changeId] as const;

function Toggle({ param, label, fallback }: { param: string; label: string; fallback: boolean }) {
  const id = useId();
  const [params, update] = useUrlParams({ [param]: String(fallback) });
  return (
    <div className="flex items-center gap-2">
      <Switch
        id={id}
        checked={flag(params, param, fallback)}
        onCheckedChange={(on) => update({ [param]: String(on), [CHANGE_PARAMS.page]: undefined })}
      />
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
    </div>
  );
}

/**
 * The changes filters: config types, change type, severity, tags, time range (default last 2
 * days), summary, source, created by; on a config's tab also the Downstream/Upstream toggles and the
 * 'Hide Deleted Config Changes' preference.
 */
export function ChangesFilters({ configTab }: { configTab: boolean }) {
  const types = useConfigTypes();
  const changeTypes = useLookup('change_types', 'change_type');
  const tags = useConfigTags();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      {configTab && (
        <>
          <Toggle param={CHANGE_PARAMS.downstream} label="Downstream" fallback />
          <Toggle param={CHANGE_PARAMS.upstream} label="Upstream" fallback={false} />
        </>
      )}
      <UrlTimeRangePicker defaultRange={CHANGES_DEFAULT_RANGE} resetParams={CHANGE_RESET} />
      {!configTab && (
        <TriStateFilter
          param={CHANGE_PARAMS.configTypes}
          label="Config Type"
          options={(types.data ?? []).map((t) => ({ value: encodeConfigType(t), label: t }))}
          resetParams={CHANGE_RESET}
        />
      )}
      <TriStateFilter
        param={CHANGE_PARAMS.changeType}
        label="Change Type"
        options={(changeTypes.data ?? []).map((value) => ({ value }))}
        resetParams={CHANGE_RESET}
      />
      <TriStateFilter
        param={CHANGE_PARAMS.severity}
        label="Severity"
        options={CHANGE_SEVERITIES.map((value) => ({ value }))}
        resetParams={CHANGE_RESET}
      />
      <TriStateFilter
        param={CHANGE_PARAMS.tags}
        label="Tags"
        options={(tags.data ?? []).map((t) => ({
          value: `${t.key}${CHANGE_TAG_FILTER_SEPARATOR}${t.value}`,
          label: `${t.key}: ${t.value}`,
        }))}
        resetParams={CHANGE_RESET}
      />
      <TextFilter param={CHANGE_PARAMS.summary} label="Summary" resetParams={CHANGE_RESET} />
      <TextFilter param={CHANGE_PARAMS.source} label="Source" resetParams={CHANGE_RESET} />
      <TextFilter param={CHANGE_PARAMS.createdBy} label="Created By" resetParams={CHANGE_RESET} />
      {configTab && <PreferencesMenu toggles={[{ storageKey: HIDE_DELETED_CHANGES_KEY, label: 'Hide Deleted Config Changes' }]} />}
    </div>
  );
}
