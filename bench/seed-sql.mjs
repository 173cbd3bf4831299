// The large shop the PostgreSQL benchmarks seed (admin-overview.mjs, lists.mjs and the guard):
// users, orders and licences written with generate_series straight into a throw-away database
// whose schema the server has created, so seeding takes seconds, not hours.

/** KS-XXXXX-XXXXX-XXXXX-XXXXX from row number `i`, as the shop's buy keys look. */
export const BUY_KEY_OF_ROW = `'KS-' || upper(substr(md5(i::text), 1, 5)) || '-' || upper(substr(md5(i::text), 6, 5)) || '-' || upper(substr(md5(i::text), 11, 5)) || '-' || upper(substr(md5(i::text), 16, 5))`;

/** `users` users (bench-u<i>, bench<i>@example.com) who signed up over three years. */
export const seedUsers = (users) =>
  `insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
   select 'bench-u' || i, 'Bench User ' || i, 'bench' || i || '@example.com', true, 'user',
          now() - (i % 1095) * interval '1 day' - (i % 86400) * interval '1 second', now()
   from generate_series(1, ${users}) i`;

/**
 * `orders` orders of those users over three years up to now: 60% plans, 35% top-ups, 5%
 * subscription tool; 80% paid. A paid licence's fulfilment names the buy key `buyKey` (SQL of `i`).
 */
export const seedOrders = (orders, users, buyKey = BUY_KEY_OF_ROW) =>
  `insert into orders (tran_id, kind, user_id, email, plan_id, plan_title, amount_mills, status, created_at, updated_at, paid_at, fulfilment)
   select 'BN' || lpad(i::text, 18, '0'), k.kind,
          case when k.kind = 'tool' then null else 'bench-u' || (1 + i % ${users}) end,
          'bench' || (1 + i % ${users}) || '@example.com',
          k.plan_id,
          case k.plan_id when 'local-1m' then '1 Month' when 'local-3m' then '3 Months' when 'local-12m' then '12 Months' end,
          case k.plan_id when 'local-1m' then 9990 when 'local-3m' then 29990 when 'local-12m' then 119990 else 1000 * (1 + i % 50) end,
          s.status, t.created_at, t.created_at,
          case when s.status = 'paid' then t.created_at + interval '1 minute' end,
          case when k.kind <> 'topup' and s.status = 'paid' then jsonb_build_object('buyKey', ${buyKey}) end
   from generate_series(1, ${orders}) i
   cross join lateral (select case when i % 20 < 12 then 'plan' when i % 20 < 19 then 'topup' else 'tool' end as kind) k0
   cross join lateral (select k0.kind, case when k0.kind = 'topup' then null else (array['local-1m','local-3m','local-12m'])[1 + i % 3] end as plan_id) k
   cross join lateral (select case when i % 10 < 8 then 'paid' when i % 10 = 8 then 'cancelled' when i % 30 = 9 then 'pending' else 'failed' end as status) s
   cross join lateral (select now() - (${orders} - i) * (interval '3 years' / ${orders}) as created_at) t`;

/** `count` licences of those users (buy keys LBK<i>), about half valid now. */
export const seedLicenses = (count, users) =>
  `insert into licenses (name, buy_key, license_key, start_date, expire_date, changes_left, term_days, plan_id, email, user_id, created_at, updated_at)
   select '', 'LBK' || i, 'LDREEL-' || i, now() - interval '200 days', now() - interval '100 days' + (i % 200) * interval '1 day', 2, 30, 'local-1m',
          'bench' || (1 + i % ${users}) || '@example.com', 'bench-u' || (1 + i % ${users}), now(), now()
   from generate_series(1, ${count}) i`;
