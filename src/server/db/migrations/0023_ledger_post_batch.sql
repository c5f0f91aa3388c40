-- A batch of transfers in one round trip (DESIGN.md section 10: group commit, one round trip
-- per batch, no lock held longer than its rows need). The batch is a jsonb array of
-- {key, hash, kind, status, description, postings: [{accountId, currencyCode, amountMinor}]};
-- the answer is a jsonb array with one answer per transfer, in order: created or replayed with
-- its transferId, or a refusal (idempotency-conflict, account-closed, account-inactive,
-- insufficient-funds with its accountId). A refused transfer leaves nothing and the others
-- still post, judged in order: each sees the balances the earlier ones of the batch left.
-- A broken invariant (a posting in the wrong currency, a key used twice in one batch) raises
-- "ledger invariant: ..." and nothing of the batch is written.
--
-- Called alone it is one statement, atomic without BEGIN and COMMIT. The balance rows are
-- locked last: the keys are looked up and the new transfers and their postings written first
-- (their rows are new, nobody waits for them), then the balance rows of the customer accounts
-- are locked in account-id order (every writer of the ledger locks them in that order, so no
-- deadlock), the rules are applied in memory, a refused transfer's rows are deleted again, and
-- one update moves the balances. So a hot account's row is held for the check, the update
-- and the commit only. New transfer rows are written in key order, so two batches sharing
-- keys (a client's retry on another instance) wait for each other instead of deadlocking;
-- their ids still follow the batch's order. A key another transaction committed after the
-- first look makes the insert skip it: what this attempt wrote is deleted and the batch is
-- judged again, the key then replaying the first answer. Every table is read through an
-- index with = any(array), and the plpgsql arrays are only read by unnest in statements, so
-- the work grows with the batch, not with the tables. Called only by
-- src/server/ledger/post-transfer.ts.
create or replace function ledger_post_batch(
  p_transfers jsonb,
  p_active_status integer,
  p_closed_status integer
) returns jsonb
language plpgsql
-- Generic plans, made once per connection: the statements are planned for small arrays read
-- through indexes whatever the tables' statistics say, and not planned again on every call.
-- No JIT: compiling a statement would cost more than running it.
set plan_cache_mode = force_generic_plan
set jit = off
as $$
declare
  v_count integer := jsonb_array_length(p_transfers);
  v_sequence regclass := pg_get_serial_sequence('ledger_transfers', 'id')::regclass;
  -- The transfers by ordinal, and their postings (ordinal, account, currency, amount).
  v_keys text[];
  v_hashes text[];
  v_kinds text[];
  v_statuses text[];
  v_descriptions text[];
  v_repeated boolean;
  v_p_n integer[];
  v_p_account integer[];
  v_p_currency text[];
  v_p_amount bigint[];
  -- The accounts the postings name: id, currency, whether a customer's, status, minimum.
  v_a_id integer[];
  v_a_currency text[];
  v_a_customer boolean[];
  v_a_status integer[];
  v_a_min bigint[];
  -- Keys used before (ordinal, answer); the new transfers (ordinal, id).
  v_earlier_n integer[];
  v_earlier_answer jsonb[];
  v_fresh integer[];
  v_new_ids bigint[];
  v_attempt integer := 0;
  v_written integer;
  v_unbalanced boolean;
  -- The customer accounts touched, ascending, with their status, minimum and balance.
  v_ids integer[];
  v_status integer[];
  v_min bigint[];
  v_locked integer[];
  v_available bigint[];
  -- What each new transfer does to each of them (ordinal, index in v_ids, three deltas).
  v_d_n integer[];
  v_d_idx integer[];
  v_d_posted bigint[];
  v_d_pending_debit bigint[];
  v_d_pending_credit bigint[];
  -- What the accepted transfers move, by index in v_ids.
  v_posted bigint[];
  v_pending_debit bigint[];
  v_pending_credit bigint[];
  v_refused_n integer[] := '{}';
  v_refused_answer jsonb[] := '{}';
  v_refused_ids bigint[];
  v_refusal jsonb;
  v_k integer;
  v_end integer;
  v_i integer;
  v_j integer;
  v_outflow bigint;
  v_moving integer;
begin
  if v_count = 0 then
    return '[]'::jsonb;
  end if;
  select array_agg(e ->> 'key' order by n), array_agg(e ->> 'hash' order by n),
    array_agg(e ->> 'kind' order by n), array_agg(coalesce(e ->> 'status', 'posted') order by n),
    array_agg(coalesce(e ->> 'description', '') order by n),
    count(distinct e ->> 'key') <> v_count
  into v_keys, v_hashes, v_kinds, v_statuses, v_descriptions, v_repeated
  from jsonb_array_elements(p_transfers) with ordinality t(e, n);
  if v_repeated then
    raise exception 'ledger invariant: a batch uses an idempotency key twice';
  end if;
  select coalesce(array_agg(t.n order by t.n, p.i), '{}'),
    coalesce(array_agg((p.e ->> 'accountId')::integer order by t.n, p.i), '{}'),
    coalesce(array_agg(p.e ->> 'currencyCode' order by t.n, p.i), '{}'),
    coalesce(array_agg((p.e ->> 'amountMinor')::bigint order by t.n, p.i), '{}')
  into v_p_n, v_p_account, v_p_currency, v_p_amount
  from jsonb_array_elements(p_transfers) with ordinality t(e, n)
  cross join lateral jsonb_array_elements(t.e -> 'postings') with ordinality p(e, i);
  select coalesce(array_agg(id), '{}'), coalesce(array_agg(currency_code::text), '{}'),
    coalesce(array_agg(customer_id is not null), '{}'), coalesce(array_agg(status_id), '{}'),
    coalesce(array_agg(balance_min_minor), '{}')
  into v_a_id, v_a_currency, v_a_customer, v_a_status, v_a_min
  from ledger_accounts where id = any(v_p_account);

  <<attempt>>
  loop
    v_attempt := v_attempt + 1;
    -- Keys used before: the same request replays its answer, another one is a conflict.
    select coalesce(array_agg(k.n), '{}'),
      coalesce(array_agg(case when lt.request_hash = k.hash
        then jsonb_build_object('outcome', 'replayed', 'transferId', lt.id::text)
        else jsonb_build_object('outcome', 'idempotency-conflict') end), '{}')
    into v_earlier_n, v_earlier_answer
    from (
      select id, idempotency_key, request_hash from ledger_transfers
      where idempotency_key = any(v_keys)
    ) lt
    join unnest(v_keys, v_hashes) with ordinality k(key, hash, n) on k.key = lt.idempotency_key;
    select coalesce(array_agg(n order by n), '{}') into v_fresh
    from generate_series(1, v_count) n where n <> all(v_earlier_n);
    exit attempt when cardinality(v_fresh) = 0;

    -- Every posting of a new transfer names an existing account in the posting's currency.
    if exists (
      select 1
      from unnest(v_p_n, v_p_account, v_p_currency) p(n, account_id, currency_code)
      join unnest(v_fresh) f(n) on f.n = p.n
      left join unnest(v_a_id, v_a_currency) a(id, currency_code) on a.id = p.account_id
      where a.id is null or a.currency_code <> p.currency_code
    ) then
      raise exception 'ledger invariant: a posting names an account not in its currency';
    end if;

    -- The new transfers: ids in batch order, rows written in key order.
    select array_agg(id order by id) into v_new_ids
    from (select nextval(v_sequence) as id from generate_series(1, cardinality(v_fresh))) s;
    insert into ledger_transfers (id, idempotency_key, request_hash, kind, status, description)
    overriding system value
    select f.id, t.key, t.hash, t.kind, t.status, t.description
    from unnest(v_fresh, v_new_ids) f(n, id)
    join unnest(v_keys, v_hashes, v_kinds, v_statuses, v_descriptions)
      with ordinality t(key, hash, kind, status, description, n) on t.n = f.n
    order by t.key
    on conflict (idempotency_key) do nothing;
    get diagnostics v_written = row_count;
    exit attempt when v_written = cardinality(v_fresh);
    -- Another transaction committed one of the keys after the first look.
    delete from ledger_transfers where id = any(v_new_ids);
    if v_attempt >= 3 then
      raise exception 'ledger: the keys of a batch were raced three times';
    end if;
  end loop;

  if cardinality(v_fresh) > 0 then
    -- Their postings, in the order given, checked from what the database stored.
    with stored as (
      insert into ledger_postings (transfer_id, account_id, currency_code, amount_minor)
      select f.id, p.account_id, p.currency_code, p.amount
      from unnest(v_p_n, v_p_account, v_p_currency, v_p_amount)
        with ordinality p(n, account_id, currency_code, amount, i)
      join unnest(v_fresh, v_new_ids) f(n, id) on f.n = p.n
      order by p.i
      returning transfer_id, currency_code, amount_minor
    )
    select exists (
      select 1 from stored group by transfer_id, currency_code having sum(amount_minor) <> 0
    ) into v_unbalanced;
    if v_unbalanced then
      raise exception 'ledger invariant: the stored postings of a batch do not balance';
    end if;

    -- The customer accounts they touch (house accounts keep no balance row), and what each
    -- transfer does to each of them, in transfer order then account order.
    select coalesce(array_agg(a.id order by a.id), '{}'),
      coalesce(array_agg(a.status_id order by a.id), '{}'),
      coalesce(array_agg(a.balance_min_minor order by a.id), '{}')
    into v_ids, v_status, v_min
    from unnest(v_a_id, v_a_customer, v_a_status, v_a_min)
      a(id, is_customer, status_id, balance_min_minor)
    where a.is_customer and a.id in (
      select p.account_id from unnest(v_p_n, v_p_account) p(n, account_id)
      join unnest(v_fresh) f(n) on f.n = p.n);
    select coalesce(array_agg(d.n order by d.n, x.idx), '{}'),
      coalesce(array_agg(x.idx order by d.n, x.idx), '{}'),
      coalesce(array_agg(d.posted order by d.n, x.idx), '{}'),
      coalesce(array_agg(d.pending_debit order by d.n, x.idx), '{}'),
      coalesce(array_agg(d.pending_credit order by d.n, x.idx), '{}')
    into v_d_n, v_d_idx, v_d_posted, v_d_pending_debit, v_d_pending_credit
    from (
      select p.n, p.account_id,
        coalesce(sum(p.amount) filter (where s.status <> 'pending'), 0)::bigint as posted,
        coalesce(sum(p.amount) filter (where s.status = 'pending' and p.amount < 0), 0)::bigint
          as pending_debit,
        coalesce(sum(p.amount) filter (where s.status = 'pending' and p.amount > 0), 0)::bigint
          as pending_credit
      from unnest(v_p_n, v_p_account, v_p_amount) p(n, account_id, amount)
      join unnest(v_fresh) f(n) on f.n = p.n
      join unnest(v_statuses) with ordinality s(status, n) on s.n = p.n
      group by p.n, p.account_id
    ) d
    join unnest(v_ids) with ordinality x(id, idx) on x.id = d.account_id;

    -- Their balance rows, locked in id order so that concurrent writers cannot deadlock.
    select coalesce(array_agg(l.account_id order by l.account_id), '{}'),
      coalesce(array_agg(l.available order by l.account_id), '{}')
    into v_locked, v_available
    from (
      select account_id, posted_minor + pending_debit_minor as available
      from ledger_balances where account_id = any(v_ids) order by account_id for update
    ) l;
    if v_locked <> v_ids then
      -- An account opened before the balance rows existed: its row is built from its postings
      -- (the new transfers' own postings left out).
      insert into ledger_balances (account_id, posted_minor, pending_debit_minor, pending_credit_minor)
      select a.id,
        coalesce(sum(lp.amount_minor) filter (where t.status = 'posted'), 0),
        coalesce(sum(lp.amount_minor) filter (where t.status = 'pending' and lp.amount_minor < 0), 0),
        coalesce(sum(lp.amount_minor) filter (where t.status = 'pending' and lp.amount_minor > 0), 0)
      from ledger_accounts a
      left join ledger_postings lp on lp.account_id = a.id and lp.transfer_id <> all(v_new_ids)
      left join ledger_transfers t on t.id = lp.transfer_id
      where a.id = any(v_ids)
      group by a.id
      on conflict (account_id) do nothing;
      select coalesce(array_agg(l.account_id order by l.account_id), '{}'),
        coalesce(array_agg(l.available order by l.account_id), '{}')
      into v_locked, v_available
      from (
        select account_id, posted_minor + pending_debit_minor as available
        from ledger_balances where account_id = any(v_ids) order by account_id for update
      ) l;
      if v_locked <> v_ids then
        raise exception 'ledger invariant: % accounts have balance rows, % found',
          cardinality(v_ids), cardinality(v_locked);
      end if;
    end if;

    -- The rules, transfer by transfer in batch order and account by account in id order: a
    -- closed account takes nothing; only an active one pays out; a debit may not take the
    -- available balance (holds included) below the minimum.
    v_posted := array_fill(0::bigint, array[cardinality(v_ids)]);
    v_pending_debit := array_fill(0::bigint, array[cardinality(v_ids)]);
    v_pending_credit := array_fill(0::bigint, array[cardinality(v_ids)]);
    v_k := 1;
    while v_k <= cardinality(v_d_n) loop
      v_end := v_k;
      while v_end < cardinality(v_d_n) and v_d_n[v_end + 1] = v_d_n[v_k] loop
        v_end := v_end + 1;
      end loop;
      v_refusal := null;
      for v_i in v_k .. v_end loop
        v_j := v_d_idx[v_i];
        if v_status[v_j] = p_closed_status then
          v_refusal := jsonb_build_object('outcome', 'account-closed', 'accountId', v_ids[v_j]);
          exit;
        end if;
        v_outflow := v_d_posted[v_i] + v_d_pending_debit[v_i];
        continue when v_outflow >= 0;
        if v_status[v_j] <> p_active_status then
          v_refusal := jsonb_build_object('outcome', 'account-inactive', 'accountId', v_ids[v_j]);
          exit;
        end if;
        if v_available[v_j] + v_outflow < v_min[v_j] then
          v_refusal := jsonb_build_object('outcome', 'insufficient-funds', 'accountId', v_ids[v_j]);
          exit;
        end if;
      end loop;
      if v_refusal is null then
        for v_i in v_k .. v_end loop
          v_j := v_d_idx[v_i];
          v_available[v_j] := v_available[v_j] + v_d_posted[v_i] + v_d_pending_debit[v_i];
          v_posted[v_j] := v_posted[v_j] + v_d_posted[v_i];
          v_pending_debit[v_j] := v_pending_debit[v_j] + v_d_pending_debit[v_i];
          v_pending_credit[v_j] := v_pending_credit[v_j] + v_d_pending_credit[v_i];
        end loop;
      else
        v_refused_n := v_refused_n || v_d_n[v_k];
        v_refused_answer := v_refused_answer || v_refusal;
      end if;
      v_k := v_end + 1;
    end loop;

    -- A refused transfer leaves nothing.
    if cardinality(v_refused_n) > 0 then
      select array_agg(f.id) into v_refused_ids
      from unnest(v_fresh, v_new_ids) f(n, id)
      join unnest(v_refused_n) r(n) on r.n = f.n;
      delete from ledger_postings where transfer_id = any(v_refused_ids);
      delete from ledger_transfers where id = any(v_refused_ids);
    end if;

    -- One update of the locked rows, by exactly what the accepted transfers move.
    select count(*) into v_moving
    from unnest(v_posted, v_pending_debit, v_pending_credit) d(posted, pending_debit, pending_credit)
    where d.posted <> 0 or d.pending_debit <> 0 or d.pending_credit <> 0;
    update ledger_balances b set
      posted_minor = b.posted_minor + d.posted,
      pending_debit_minor = b.pending_debit_minor + d.pending_debit,
      pending_credit_minor = b.pending_credit_minor + d.pending_credit
    from unnest(v_ids, v_posted, v_pending_debit, v_pending_credit)
      as d(account_id, posted, pending_debit, pending_credit)
    where b.account_id = any(v_ids) and b.account_id = d.account_id
      and (d.posted <> 0 or d.pending_debit <> 0 or d.pending_credit <> 0);
    get diagnostics v_written = row_count;
    if v_written <> v_moving then
      raise exception 'ledger invariant: % balance rows to move, % moved', v_moving, v_written;
    end if;
  end if;

  return (
    select jsonb_agg(coalesce(e.answer, r.answer,
      jsonb_build_object('outcome', 'created', 'transferId', f.id::text)) order by g.n)
    from generate_series(1, v_count) g(n)
    left join unnest(v_earlier_n, v_earlier_answer) e(n, answer) on e.n = g.n
    left join unnest(v_refused_n, v_refused_answer) r(n, answer) on r.n = g.n
    left join unnest(v_fresh, v_new_ids) f(n, id) on f.n = g.n
  );
end;
$$;

--> statement-breakpoint
-- The one-transfer function of migration 0010 becomes a batch of one, so that the rules live in
-- one place (an instance still running the previous build calls it during a rolling start).
create or replace function ledger_post_transfer(
  p_key text,
  p_hash text,
  p_kind text,
  p_status text,
  p_description text,
  p_postings jsonb,
  p_active_status integer,
  p_closed_status integer
) returns jsonb
language sql
as $$
  select ledger_post_batch(
    jsonb_build_array(jsonb_build_object(
      'key', p_key, 'hash', p_hash, 'kind', p_kind, 'status', p_status,
      'description', p_description, 'postings', p_postings)),
    p_active_status, p_closed_status) -> 0
$$;
