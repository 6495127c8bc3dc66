/** (Shared by /tenders, /tenders/{id} and /companies/{slug}.) "Tenders are not in your plan": which plans and add-on include them (from `GET /v1/plans`), and the upgrade path. */
import { usePlanCatalogue } from '../lib/plan-catalogue';
import { NotInPlan } from './plan-notice';
import { Loading } from './query-state';

const list = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

export function WatNotInPlan() {
  const catalogue = usePlanCatalogue(true);
  if (catalogue.isPending) return <Loading label="Checking which plans include tenders…" />;
  const plans = catalogue.data ?? [];
  const full = plans.filter((p) => p.features.includes('wat')).map((p) => p.name);
  const addon = plans.flatMap((p) => p.addons.filter((a) => a.features.includes('wat')).map((a) => ({ plan: p.name, addon: a.name })));
  const addonName = addon[0]?.addon ?? 'Worldwide Airport Tenders';
  const onPlans = [...new Set(addon.map((a) => a.plan))];
  const parts = [
    ...(full.length ? [`the ${list(full)} plan${full.length > 1 ? 's' : ''}`] : []),
    ...(onPlans.length ? [`the ${addonName} add-on to the ${list(onPlans)} plan${onPlans.length > 1 ? 's' : ''}`] : [`the ${addonName} add-on`]),
    'the Enterprise plan',
  ];
  return <NotInPlan what="Tenders (Worldwide Airport Tenders) are not in your plan." includedIn={`They come with ${list(parts)}.`} />;
}
