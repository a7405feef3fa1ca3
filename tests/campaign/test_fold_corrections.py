"""The fold under corrections (pure): a voided entry counts as absent, an amended one as its
amendment, everything after it folded again; properties checked with hypothesis."""
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from campaign.ledger import events as ev
from campaign.ledger.corrections import corrections_in
from campaign.ledger.fold import fold, fold_to_date
from campaign.ledger.state import Entry, state_json
from tests.campaign.ledger_support import entries, two_forces

STEPS = st.lists(st.sampled_from(["days", "death", "front", "rest"]), min_size=1, max_size=8)


def _events(steps: list[str]) -> list[ev.LedgerEvent]:
    from campaign.systems.steelwar import events as sw

    out = list(two_forces())
    for n, step in enumerate(steps):
        if step == "days":
            out.append(ev.CalendarAdvanced(days=3 + n))
        elif step == "death":
            out.append(ev.SoldierDied(soldier_id=2 + n % 3, cause="accident"))
        elif step == "front":
            out.append(sw.ForceSentToFront(force_id=1))
        else:
            out.append(sw.ForceSentToRest(force_id=2))
    return out


def _same(a, b) -> bool:
    return state_json(replace(a, version=0)) == state_json(replace(b, version=0))


@settings(max_examples=40, deadline=None)
@given(STEPS, st.data())
def test_a_voided_entry_folds_as_if_it_had_never_been_recorded(steps, data):
    events = _events(steps)
    target = data.draw(st.integers(min_value=len(two_forces()) + 1, max_value=len(events)))
    ledger = entries(*events)
    void = ev.EntryVoided(target_version=target, target_type=ledger[target - 1].type,
                          reason="mistake")
    corrected = fold([*ledger, Entry(len(ledger) + 1, void.type, void.to_data())])
    without = fold(entries(*(e for n, e in enumerate(events, 1) if n != target)))
    assert corrected.version == len(ledger) + 1
    assert _same(corrected, without)


@settings(max_examples=40, deadline=None)
@given(STEPS, st.integers(min_value=1, max_value=60))
def test_an_amended_calendar_step_folds_as_if_it_had_been_recorded_so(steps, days):
    events = [*_events(steps), ev.CalendarAdvanced(days=5), ev.CalendarAdvanced(days=2)]
    target = len(events) - 1
    ledger = entries(*events)
    amend = ev.EntryAmended(target_version=target, target_type=ev.CalendarAdvanced.type,
                            data={"days": days}, reason="wrong step")
    corrected = [*ledger, Entry(len(ledger) + 1, amend.type, amend.to_data())]
    right = [*events[:-2], ev.CalendarAdvanced(days=days), ev.CalendarAdvanced(days=2)]
    assert _same(fold(corrected), fold(entries(*right)))
    last_day = fold(entries(*right)).date
    assert _same(fold_to_date(corrected, last_day), fold_to_date(entries(*right), last_day))


def test_the_latest_amendment_wins_and_a_void_is_final():
    ledger = entries(*two_forces(), ev.CalendarAdvanced(days=5))
    target = len(ledger)

    def amended(days, version):
        e = ev.EntryAmended(target_version=target, target_type=ev.CalendarAdvanced.type,
                            data={"days": days}, reason="r")
        return Entry(version, e.type, e.to_data())

    void = ev.EntryVoided(target_version=target, target_type=ev.CalendarAdvanced.type,
                          reason="r")
    more = [amended(7, target + 1), amended(9, target + 2)]
    assert corrections_in([*ledger, *more])[target].data == {"days": 9}
    state = fold([*ledger, *more])
    assert (state.date - state.start_date).days == 9
    final = [*ledger, Entry(target + 1, void.type, void.to_data()), amended(9, target + 2)]
    assert corrections_in(final)[target].kind == "voided"
    assert fold(final).date == fold(ledger[:-1]).date
