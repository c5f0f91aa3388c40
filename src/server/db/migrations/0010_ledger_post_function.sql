-- One transfer in one round trip (DESIGN.md sections 6 and 10): the key check, the lock of
-- the balance rows in account-id order, the status and minimum-balance rules, the inserts and
-- the balance update run inside the database. Called on its own it is one statement, so it is
-- atomic without BEGIN and COMMIT; a hot account's row stays locked only for the microseconds
-- the function runs plus the commit. Refusals are answers, and nothing is written for them.
-- Called only by src/server/ledger/post-transfer.ts.
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
language plpgsql
as $$
declare
  v_pending boolean := p_status = 'pending';
  v_earlier record;
  v_account record;
  v_ids integer[];
  v_posted bigint[];
  v_pending_debit bigint[];
  v_pending_credit bigint[];
  v_locked integer;
  v_id bigint;
  v_updated integer;
begin
  select id, request_hash into v_earlier from ledger_transfers where idempotency_key = p_key;
  if found then
    if v_earlier.request_hash = p_hash then
      return jsonb_build_object('outcome', 'replayed', 'transferId', v_earlier.id::text);
    end if;
    return jsonb_build_object('outcome', 'idempotency-conflict');
  end if;

  -- Every posting names an existing account in the posting's currency.
  if exists (
    select 1
    from jsonb_array_elements(p_postings) e
    left join ledger_accounts a on a.id = (e ->> 'accountId')::integer
    where a.id is null or a.currency_code <> (e ->> 'currencyCode')
  ) then
    raise exception 'ledger invariant: a posting names an account not in its currency';
  end if;

  -- What the transfer does to each customer account (house accounts keep no balance row).
  select
    coalesce(array_agg(n.account_id order by n.account_id), '{}'),
    coalesce(array_agg(n.posted order by n.account_id), '{}'),
    coalesce(array_agg(n.pending_debit order by n.account_id), '{}'),
    coalesce(array_agg(n.pending_credit order by n.account_id), '{}')
  into v_ids, v_posted, v_pending_debit, v_pending_credit
  from (
    select a.id as account_id,
      coalesce(sum(p.amount) filter (where not v_pending), 0)::bigint as posted,
      coalesce(sum(p.amount) filter (where v_pending and p.amount < 0), 0)::bigint as pending_debit,
      coalesce(sum(p.amount) filter (where v_pending and p.amount > 0), 0)::bigint as pending_credit
    from (
      select (e ->> 'accountId')::integer as account_id, (e ->> 'amountMinor')::bigint as amount
      from jsonb_array_elements(p_postings) e
    ) p
    join ledger_accounts a on a.id = p.account_id
    where a.customer_id is not null
    group by a.id
  ) n;

  -- The rows are locked in id order, so concurrent transfers cannot deadlock each other.
  select count(*) into v_locked from (
    select 1 from ledger_balances where account_id = any(v_ids) order by account_id for update
  ) locked;
  if v_locked < coalesce(array_length(v_ids, 1), 0) then
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
    perform 1 from ledger_balances where account_id = any(v_ids) order by account_id for update;
  end if;

  -- The rules, account by account in id order: a closed account takes nothing; only an
  -- active one pays out; a debit may not take the available balance below the minimum.
  for v_account in
    select n.account_id, n.posted + n.pending_debit as outflow, a.status_id,
      a.balance_min_minor, b.posted_minor, b.pending_debit_minor
    from unnest(v_ids, v_posted, v_pending_debit) as n(account_id, posted, pending_debit)
    join ledger_accounts a on a.id = n.account_id
    join ledger_balances b on b.account_id = n.account_id
    order by n.account_id
  loop
    if v_account.status_id = p_closed_status then
      return jsonb_build_object('outcome', 'account-closed', 'accountId', v_account.account_id);
    end if;
    continue when v_account.outflow >= 0;
    if v_account.status_id <> p_active_status then
      return jsonb_build_object('outcome', 'account-inactive', 'accountId', v_account.account_id);
    end if;
    if v_account.posted_minor + v_account.pending_debit_minor + v_account.outflow
        < v_account.balance_min_minor then
      return jsonb_build_object('outcome', 'insufficient-funds', 'accountId', v_account.account_id);
    end if;
  end loop;

  insert into ledger_transfers (idempotency_key, request_hash, kind, status, description)
  values (p_key, p_hash, p_kind, p_status, p_description)
  on conflict (idempotency_key) do nothing
  returning id into v_id;
  if v_id is null then
    -- Another transaction committed the key after our first look; its result stands.
    select id, request_hash into v_earlier from ledger_transfers where idempotency_key = p_key;
    if v_earlier.request_hash = p_hash then
      return jsonb_build_object('outcome', 'replayed', 'transferId', v_earlier.id::text);
    end if;
    return jsonb_build_object('outcome', 'idempotency-conflict');
  end if;

  insert into ledger_postings (transfer_id, account_id, currency_code, amount_minor)
  select v_id, (e ->> 'accountId')::integer, e ->> 'currencyCode', (e ->> 'amountMinor')::bigint
  from jsonb_array_elements(p_postings) e;
  if exists (
    select 1 from ledger_postings where transfer_id = v_id
    group by currency_code having sum(amount_minor) <> 0
  ) then
    raise exception 'ledger invariant: the stored postings of transfer % do not balance', v_id;
  end if;

  update ledger_balances b set
    posted_minor = b.posted_minor + n.posted,
    pending_debit_minor = b.pending_debit_minor + n.pending_debit,
    pending_credit_minor = b.pending_credit_minor + n.pending_credit
  from unnest(v_ids, v_posted, v_pending_debit, v_pending_credit)
    as n(account_id, posted, pending_debit, pending_credit)
  where b.account_id = n.account_id;
  get diagnostics v_updated = row_count;
  if v_updated <> coalesce(array_length(v_ids, 1), 0) then
    raise exception 'ledger invariant: % accounts have balance rows, % moved',
      coalesce(array_length(v_ids, 1), 0), v_updated;
  end if;

  return jsonb_build_object('outcome', 'created', 'transferId', v_id::text);
end;
$$;
