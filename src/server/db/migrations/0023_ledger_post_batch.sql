-- A batch of transfers in one round trip (DESIGN.md section 10: group commit, one round trip
-- per batch, no lock held longer than its rows need). The batch is a jsonb array of
-- {key, hash, kind, status, description, postings: [{accountId, currencyCode, amountMinor}]};
-- the answer is a jsonb array with one answer per transfer, in order: created or replayed with
-- its transferId, or a refusal (idempotency-conflict, account-closed, account-inactive,
-- insufficient-funds with its accountId). A refused transfer writes nothing and the others
-- still post, judged in order: each sees the balances the earlier ones of the batch left.
-- A broken invariant (a posting in the wrong currency, a key used twice in one batch) raises
-- "ledger invariant: ..." and nothing of the batch is written.
--
-- Called alone it is one statement, atomic without BEGIN and COMMIT. The order of work keeps
-- locks short and deadlocks out: the keys and accounts are read first, then the balance rows
-- of the customer accounts are locked in account-id order (every writer of the ledger locks
-- them in that order), then the checks, the inserts and one update of the balances. New
-- transfer rows are written in key order, so two batches sharing keys (a client's retry on
-- another instance) wait for each other instead of deadlocking; their ids still follow the
-- batch's order. A key another transaction committed after the first look makes the insert
-- skip it: what this attempt wrote is deleted and the batch is judged again, the key then
-- replaying the first answer. Called only by src/server/ledger/post-transfer.ts.
create or replace function ledger_post_batch(
  p_transfers jsonb,
  p_active_status integer,
  p_closed_status integer
) returns jsonb
language plpgsql
as $$
declare
  v_count integer := jsonb_array_length(p_transfers);
  v_sequence regclass := pg_get_serial_sequence('ledger_transfers', 'id')::regclass;
  v_statuses text[];
  -- The postings of the batch, parsed once: transfer ordinal, account, currency, amount.
  v_p_n integer[];
  v_p_account integer[];
  v_p_currency text[];
  v_p_amount bigint[];
  v_answers jsonb[];
  v_attempt integer := 0;
  v_ids integer[];
  v_status integer[];
  v_min bigint[];
  v_locked integer[];
  v_available bigint[];
  v_posted bigint[];
  v_pending_debit bigint[];
  v_pending_credit bigint[];
  v_transfer record;
  v_refusal jsonb;
  v_i integer;
  v_j integer;
  v_outflow bigint;
  v_accepted integer[];
  v_new_ids bigint[];
  v_transfer_ids bigint[];
  v_written integer;
  v_repeated boolean;
  v_unbalanced boolean;
  v_moving integer;
begin
  if v_count = 0 then
    return '[]'::jsonb;
  end if;
  select array_agg(coalesce(e ->> 'status', 'posted') order by n),
    count(distinct e ->> 'key') <> v_count
  into v_statuses, v_repeated
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

  <<attempt>>
  loop
    v_attempt := v_attempt + 1;
    v_answers := array_fill(null::jsonb, array[v_count]);

    -- Keys used before: the same request replays its answer, another one is a conflict.
    for v_transfer in
      select t.n, lt.id, lt.request_hash = t.e ->> 'hash' as same
      from jsonb_array_elements(p_transfers) with ordinality t(e, n)
      join ledger_transfers lt on lt.idempotency_key = t.e ->> 'key'
    loop
      v_answers[v_transfer.n] := case when v_transfer.same
        then jsonb_build_object('outcome', 'replayed', 'transferId', v_transfer.id::text)
        else jsonb_build_object('outcome', 'idempotency-conflict') end;
    end loop;

    -- Every posting of a new transfer names an existing account in the posting's currency.
    if exists (
      select 1
      from unnest(v_p_n, v_p_account, v_p_currency) p(n, account_id, currency_code)
      left join ledger_accounts a on a.id = p.account_id
      where v_answers[p.n] is null and (a.id is null or a.currency_code <> p.currency_code)
    ) then
      raise exception 'ledger invariant: a posting names an account not in its currency';
    end if;

    -- The customer accounts the new transfers touch (house accounts keep no balance row).
    select coalesce(array_agg(a.id order by a.id), '{}'),
      coalesce(array_agg(a.status_id order by a.id), '{}'),
      coalesce(array_agg(a.balance_min_minor order by a.id), '{}')
    into v_ids, v_status, v_min
    from ledger_accounts a
    where a.customer_id is not null and a.id in (
      select p.account_id from unnest(v_p_n, v_p_account) p(n, account_id)
      where v_answers[p.n] is null);

    -- Their balance rows, locked in id order so that concurrent writers cannot deadlock.
    select coalesce(array_agg(l.account_id order by l.account_id), '{}'),
      coalesce(array_agg(l.available order by l.account_id), '{}')
    into v_locked, v_available
    from (
      select account_id, posted_minor + pending_debit_minor as available
      from ledger_balances where account_id = any(v_ids) order by account_id for update
    ) l;
    if v_locked <> v_ids then
      -- An account opened before the balance rows existed: its row is built from its postings.
      insert into ledger_balances (account_id, posted_minor, pending_debit_minor, pending_credit_minor)
      select a.id,
        coalesce(sum(lp.amount_minor) filter (where t.status = 'posted'), 0),
        coalesce(sum(lp.amount_minor) filter (where t.status = 'pending' and lp.amount_minor < 0), 0),
        coalesce(sum(lp.amount_minor) filter (where t.status = 'pending' and lp.amount_minor > 0), 0)
      from ledger_accounts a
      left join ledger_postings lp on lp.account_id = a.id
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

    v_posted := array_fill(0::bigint, array[cardinality(v_ids)]);
    v_pending_debit := array_fill(0::bigint, array[cardinality(v_ids)]);
    v_pending_credit := array_fill(0::bigint, array[cardinality(v_ids)]);

    -- The rules, transfer by transfer in batch order and account by account in id order: a
    -- closed account takes nothing; only an active one pays out; a debit may not take the
    -- available balance (holds included) below the minimum.
    for v_transfer in
      select d.n,
        array_agg(x.idx order by x.idx) as idxs,
        array_agg(d.posted order by x.idx) as posted,
        array_agg(d.pending_debit order by x.idx) as pending_debit,
        array_agg(d.pending_credit order by x.idx) as pending_credit
      from (
        select p.n, p.account_id,
          coalesce(sum(p.amount) filter (where v_statuses[p.n] <> 'pending'), 0)::bigint as posted,
          coalesce(sum(p.amount) filter (where v_statuses[p.n] = 'pending' and p.amount < 0), 0)::bigint
            as pending_debit,
          coalesce(sum(p.amount) filter (where v_statuses[p.n] = 'pending' and p.amount > 0), 0)::bigint
            as pending_credit
        from unnest(v_p_n, v_p_account, v_p_amount) p(n, account_id, amount)
        where v_answers[p.n] is null
        group by p.n, p.account_id
      ) d
      join unnest(v_ids) with ordinality x(id, idx) on x.id = d.account_id
      group by d.n
      order by d.n
    loop
      v_refusal := null;
      for v_i in 1 .. cardinality(v_transfer.idxs) loop
        v_j := v_transfer.idxs[v_i];
        if v_status[v_j] = p_closed_status then
          v_refusal := jsonb_build_object('outcome', 'account-closed', 'accountId', v_ids[v_j]);
          exit;
        end if;
        v_outflow := v_transfer.posted[v_i] + v_transfer.pending_debit[v_i];
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
      if v_refusal is not null then
        v_answers[v_transfer.n] := v_refusal;
        continue;
      end if;
      for v_i in 1 .. cardinality(v_transfer.idxs) loop
        v_j := v_transfer.idxs[v_i];
        v_available[v_j] := v_available[v_j] + v_transfer.posted[v_i] + v_transfer.pending_debit[v_i];
        v_posted[v_j] := v_posted[v_j] + v_transfer.posted[v_i];
        v_pending_debit[v_j] := v_pending_debit[v_j] + v_transfer.pending_debit[v_i];
        v_pending_credit[v_j] := v_pending_credit[v_j] + v_transfer.pending_credit[v_i];
      end loop;
    end loop;

    -- The accepted transfers, with ids in batch order, written in key order.
    select coalesce(array_agg(n order by n), '{}') into v_accepted
    from generate_subscripts(v_answers, 1) n where v_answers[n] is null;
    if cardinality(v_accepted) = 0 then
      exit attempt;
    end if;
    select array_agg(id order by id) into v_new_ids
    from (select nextval(v_sequence) as id from generate_series(1, cardinality(v_accepted))) s;
    insert into ledger_transfers (id, idempotency_key, request_hash, kind, status, description)
    overriding system value
    select a.id, t.e ->> 'key', t.e ->> 'hash', t.e ->> 'kind', v_statuses[a.n],
      coalesce(t.e ->> 'description', '')
    from unnest(v_accepted, v_new_ids) a(n, id)
    cross join lateral (select p_transfers -> (a.n - 1) as e) t
    order by t.e ->> 'key'
    on conflict (idempotency_key) do nothing;
    get diagnostics v_written = row_count;
    if v_written < cardinality(v_accepted) then
      -- Another transaction committed one of the keys after the first look.
      delete from ledger_transfers where id = any(v_new_ids);
      if v_attempt >= 3 then
        raise exception 'ledger: the keys of a batch were raced three times';
      end if;
      continue attempt;
    end if;
    exit attempt;
  end loop;

  if cardinality(v_accepted) = 0 then
    return array_to_json(v_answers)::jsonb;
  end if;
  v_transfer_ids := array_fill(null::bigint, array[v_count]);
  for v_i in 1 .. cardinality(v_accepted) loop
    v_transfer_ids[v_accepted[v_i]] := v_new_ids[v_i];
    v_answers[v_accepted[v_i]] :=
      jsonb_build_object('outcome', 'created', 'transferId', v_new_ids[v_i]::text);
  end loop;

  -- The postings, checked from what the database stored: every transfer balances per currency.
  with stored as (
    insert into ledger_postings (transfer_id, account_id, currency_code, amount_minor)
    select v_transfer_ids[p.n], p.account_id, p.currency_code, p.amount
    from unnest(v_p_n, v_p_account, v_p_currency, v_p_amount) p(n, account_id, currency_code, amount)
    where v_transfer_ids[p.n] is not null
    returning transfer_id, currency_code, amount_minor
  )
  select exists (
    select 1 from stored group by transfer_id, currency_code having sum(amount_minor) <> 0
  ) into v_unbalanced;
  if v_unbalanced then
    raise exception 'ledger invariant: the stored postings of a batch do not balance';
  end if;

  -- One update of the balance rows locked above, by exactly what the accepted transfers move.
  select count(*) into v_moving
  from unnest(v_posted, v_pending_debit, v_pending_credit) d(posted, pending_debit, pending_credit)
  where d.posted <> 0 or d.pending_debit <> 0 or d.pending_credit <> 0;
  update ledger_balances b set
    posted_minor = b.posted_minor + d.posted,
    pending_debit_minor = b.pending_debit_minor + d.pending_debit,
    pending_credit_minor = b.pending_credit_minor + d.pending_credit
  from unnest(v_ids, v_posted, v_pending_debit, v_pending_credit)
    as d(account_id, posted, pending_debit, pending_credit)
  where b.account_id = d.account_id
    and (d.posted <> 0 or d.pending_debit <> 0 or d.pending_credit <> 0);
  get diagnostics v_written = row_count;
  if v_written <> v_moving then
    raise exception 'ledger invariant: % balance rows to move, % moved', v_moving, v_written;
  end if;

  return array_to_json(v_answers)::jsonb;
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
