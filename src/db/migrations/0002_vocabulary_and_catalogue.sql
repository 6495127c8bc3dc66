-- 0002: the controlled vocabularies and the plan catalogue. Data that every deployment needs.
-- Countries and airports are loaded from src/reference/*.json by the migrate step (see src/db/reference.ts).

insert into regions (slug, name, sort_order) values
  ('africa', 'Africa', 1),
  ('asia-pacific', 'Asia-Pacific', 2),
  ('europe', 'Europe', 3),
  ('latin-america-caribbean', 'Latin America & Caribbean', 4),
  ('middle-east', 'Middle East', 5),
  ('north-america', 'North America', 6);

insert into topics (slug, name) values
  ('capacity-expansion', 'Capacity expansion'),
  ('terminals', 'Terminals'),
  ('runways', 'Runways & airfield'),
  ('finance-investment', 'Finance & investment'),
  ('privatisation-ppp', 'Privatisation & PPP'),
  ('sustainability', 'Sustainability'),
  ('digital-technology', 'Digital & technology'),
  ('security-border', 'Security & border'),
  ('operations-resilience', 'Operations & resilience'),
  ('retail-commercial', 'Retail & commercial'),
  ('cargo-logistics', 'Cargo & logistics'),
  ('route-development', 'Route development'),
  ('regulation-policy', 'Regulation & policy'),
  ('procurement-tenders', 'Procurement & tenders'),
  ('mergers-acquisitions', 'Mergers & acquisitions'),
  ('workforce', 'Workforce');

insert into project_types (slug, name) values
  ('new-airport', 'New airport'),
  ('terminal', 'Terminal'),
  ('runway', 'Runway'),
  ('airfield', 'Airfield & taxiways'),
  ('landside', 'Landside & access'),
  ('cargo', 'Cargo facility'),
  ('mro', 'Maintenance (MRO)'),
  ('energy', 'Energy & sustainability'),
  ('technology', 'Technology & systems'),
  ('commercial', 'Commercial & real estate'),
  ('masterplan', 'Masterplan programme');

-- Plans: daily_quota is API requests per API key per UTC day (seed 000, section 8).
insert into plans (code, name, active, daily_quota, included_seats, sort_order) values
  ('trial', 'Trial', true, 200, 1, 1),
  ('core', 'Core', true, 1000, 1, 2),
  ('professional', 'Professional', true, 1000, 3, 3),
  ('enterprise', 'Enterprise', false, 10000, 10, 4);

insert into addons (code, name) values
  ('wat', 'Worldwide Airport Tenders'),
  ('mcp', 'AI tool server (MCP)');

-- Entitlements: the table in docs/entitlements.md is this data.
insert into plan_features (plan_code, feature, access) values
  ('trial', 'archive', 'preview'),
  ('trial', 'projects', 'preview'),
  ('trial', 'wat', 'preview'),
  ('trial', 'alerts', 'full'),
  ('trial', 'api', 'full'),
  ('core', 'archive', 'full'),
  ('core', 'alerts', 'full'),
  ('professional', 'archive', 'full'),
  ('professional', 'projects', 'full'),
  ('professional', 'alerts', 'full'),
  ('professional', 'api', 'full'),
  ('professional', 'exports', 'full'),
  ('professional', 'ai_assistant', 'full'),
  ('enterprise', 'archive', 'full'),
  ('enterprise', 'projects', 'full'),
  ('enterprise', 'alerts', 'full'),
  ('enterprise', 'wat', 'full'),
  ('enterprise', 'api', 'full'),
  ('enterprise', 'mcp', 'full'),
  ('enterprise', 'exports', 'full'),
  ('enterprise', 'ai_assistant', 'full');

insert into addon_features (addon_code, feature) values
  ('wat', 'wat'),
  ('mcp', 'mcp');

insert into plan_addons (plan_code, addon_code) values
  ('core', 'wat'), ('core', 'mcp'),
  ('professional', 'wat'), ('professional', 'mcp');

-- Price book: amounts in minor units (cents / pence).
insert into plan_prices (plan_code, currency, interval, amount, seat_amount) values
  ('core', 'USD', 'month', 4900, 1500), ('core', 'USD', 'year', 49000, 15000),
  ('core', 'EUR', 'month', 4500, 1400), ('core', 'EUR', 'year', 45000, 14000),
  ('core', 'GBP', 'month', 3900, 1200), ('core', 'GBP', 'year', 39000, 12000),
  ('professional', 'USD', 'month', 19900, 4900), ('professional', 'USD', 'year', 199000, 49000),
  ('professional', 'EUR', 'month', 18500, 4500), ('professional', 'EUR', 'year', 185000, 45000),
  ('professional', 'GBP', 'month', 15900, 3900), ('professional', 'GBP', 'year', 159000, 39000);

insert into addon_prices (addon_code, currency, interval, amount) values
  ('wat', 'USD', 'month', 9900), ('wat', 'USD', 'year', 99000),
  ('wat', 'EUR', 'month', 9200), ('wat', 'EUR', 'year', 92000),
  ('wat', 'GBP', 'month', 7900), ('wat', 'GBP', 'year', 79000),
  ('mcp', 'USD', 'month', 4900), ('mcp', 'USD', 'year', 49000),
  ('mcp', 'EUR', 'month', 4500), ('mcp', 'EUR', 'year', 45000),
  ('mcp', 'GBP', 'month', 3900), ('mcp', 'GBP', 'year', 39000);
