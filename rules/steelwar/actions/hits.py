"""Hits and casualties: the later stages of the fire procedure (digest §2.8, §2.9; examples
#11, #13).

1. **Allocation.** One pick per potential hit, exposed figures first, without replacement by
   default; surplus hits are lost (``casualties.eligible_for_next_hit``,
   ``hits_to_allocate``). A pick is an allocation die counted from the left
   (``casualties.allocation_dice``: the smallest die d4..d12 that covers the figures, rolled
   again above their number), or the sniper owner's choice when a sniper rifle fires on its
   own (§2.9), or the target player's choice under ``options.hit_allocation =
   "target_player_picks"``.
2. **Resolution.** Each hit rolls the shot's power die against the victim's armour die
   (``firepower.hit_result``, ``armour_die``): flak vests against fragments, the psionic's
   psi die against aimed small arms, a flamethrower firing alone wounds automatically. What
   the result means depends on the figure (``casualties.figure_after_hit``): unchecked
   casualty, killed, lost suit or horse, man-sized weapon destroyed, robot immobilised then
   destroyed.
3. **Exploding backpacks.** A hit on the operator of a Keno backpack flamethrower kills him
   without a test, and the player names every figure within 4" (a decision); each takes a
   flamethrower hit (§2.9). A backpack caught in the blast explodes in turn.
4. **Follow-ups.** A squad that lost its commander replaces him (:mod:`.commander`); every
   squad with a triggering event takes a morale test (:mod:`.morale_test`): first
   suppression, casualties from fire, more lost than remain, commander lost (§2.12).

All stages belong to the ``fire`` procedure; its context is :class:`.fire.Context`.
"""

from __future__ import annotations

from typing import Any

from rules.core.system import DecisionNeeded, Effect, Option, Step
from rules.steelwar import effects, tables
from rules.steelwar.actions import commander, morale_test
from rules.steelwar.actions.procedure import Rolls, ask_decision, ask_dice, done, request, then
from rules.steelwar.casualties import (
    allocation_dice,
    carries_exploding_backpack,
    counts_as_morale_casualty,
    eligible_for_next_hit,
    figure_after_hit,
    figure_at,
    hits_to_allocate,
)
from rules.steelwar.firepower import armour_die, hit_result
from rules.steelwar.morale import lost_more_than_remain
from rules.steelwar.options import Options
from rules.steelwar.state import (
    ANDROID,
    DESTROYED,
    FIGHTING,
    KILLED,
    ON_TABLE,
    ROBOT,
    WEAPON,
    WOUNDED_UNCHECKED,
    BattleState,
    Figure,
    Resolution,
    Squad,
    any_fighting,
    memo,
)

NAME = "fire"
SNIPER_KEY = "sniper.victim"
BLAST_KEY = "backpack.blast"
BACKPACK = "flamethrower_keno"
#: The fire context's ``attack`` when no shot was fired: the blast of a Keno backpack whose
#: operator a psi murder hit (``fire.murder_blast``, §3.6 with §2.9).
PSI_MURDER = "psi_murder"


def _fighting_ids(squad: Squad) -> tuple[str, ...]:
    """The ids of the squad's figures in the ranks, who may be hit (§2.8)."""
    return tuple([f.id for f in squad.figures if f.status in FIGHTING])


def _eligible(figures: tuple[str, ...], ctx: Any, victims: tuple[str, ...], opts: Options
              ) -> tuple[str, ...]:
    """The figures the next hit may land on after ``victims``
    (``casualties.eligible_for_next_hit``, §2.8)."""
    return eligible_for_next_hit(figures, exposed=ctx.exposed, already_hit=victims,
                                 options=opts)


def hit_kind(figure: Figure) -> str:
    """The figure kind of ``casualties.figure_after_hit`` (§2.8, §2.9)."""
    if figure.kind == WEAPON:
        return "man_sized_weapon"
    if figure.kind == ROBOT:
        return "robot"
    if figure.armour == "power_armour":
        return "power_armour"
    if figure.mounted:
        return "cavalry"
    return "android" if figure.kind == ANDROID else "human"


# --- 1. allocation ------------------------------------------------------------------------------


def allocate(battle: BattleState, ctx: Any, potential: int, fx: list[Effect]) -> Step:
    """Start allocating ``potential`` hits to the target's figures in the ranks, which the
    context keeps until the hits are resolved (no hit changes them before)."""
    target = battle.squads[ctx.target]
    figures = _fighting_ids(target)
    allocated = hits_to_allocate(potential, len(figures), options=battle.options)
    if allocated < potential:
        fx.append(effects.surplus_hits(target, potential - allocated))
    return _next_pick(battle, ctx._replace(hits=allocated, ranks=figures), ctx.victims, fx)


def _ranks(battle: BattleState, ctx: Any) -> tuple[str, ...]:
    """The target's figures in the ranks as the hits are allocated (worked out again for a
    context saved without them)."""
    if ctx.ranks is None:
        return _fighting_ids(battle.squads[ctx.target])
    return ctx.ranks


def _next_pick(battle: BattleState, ctx: Any, victims: tuple[str, ...], fx: list[Effect]
               ) -> Step:
    """Allocate the hit after ``victims``, the figures hit so far (``ctx.victims`` and those
    allocated since)."""
    target = battle.squads[ctx.target]
    opts = battle.options
    figures = _ranks(battle, ctx)
    while len(victims) < ctx.hits:
        n = len(victims) + 1
        if "sniper_pick" in ctx.specials:
            return _ask_pick(battle, _with_victims(ctx, victims), fx, SNIPER_KEY, figures,
                             f"the sniper's owner names the figure of {target.name} hit by hit "
                             f"{n} (§2.9)", target)
        eligible = _eligible(figures, ctx, victims, opts)
        if not eligible:
            fx.append(effects.surplus_hits(target, ctx.hits - len(victims)))
            ctx = ctx._replace(hits=len(victims))
            break
        if len(eligible) > 1 and opts.hit_allocation == "target_player_picks":
            return _ask_pick(battle, _with_victims(ctx, victims), fx, f"hit.{n}.figure", eligible,
                             f"{target.name}'s player names the figure hit by hit {n} (§2.8)",
                             target)
        dice = allocation_dice(len(eligible), options=opts)
        if dice:
            return ask_dice(battle, NAME, "allocate", ctx.shooter, _with_victims(ctx, victims),
                            _allocation_requests(battle, target, n, len(eligible), dice), fx)
        victim = eligible[0]
        fx.append(effects.hit_allocated(target, target.figure(victim)))
        victims += (victim,)
    return _resolve_shot(battle, ctx, victims, fx)


def _with_victims(ctx: Any, victims: tuple[str, ...]) -> Any:
    """The fire context with ``victims`` as the figures hit so far."""
    return ctx if victims == ctx.victims else ctx._replace(victims=victims)


def _allocation_requests(battle: BattleState, target: Squad, n: int, count: int,
                         dice: tuple[int, ...]) -> tuple:
    """The dice requests of hit ``n``'s allocation among ``count`` figures (memoised per
    battle: the same few are asked again and again)."""
    cache = memo(battle.options)
    key = ("allocation", target.id, target.name, n, count, dice)
    found = cache.get(key)
    if found is not None:
        return found
    if len(dice) == 2:
        found = (
            request(f"hit.{n}.block", f"hit {n} allocation: block of 12 d{dice[0]} "
                    f"({count} figures of {target.name})", dice[0], 1, target.id),
            request(f"hit.{n}.figure", f"hit {n} allocation: figure in the block d12", 12, 1,
                    target.id),
        )
    else:
        again = f"; roll again above {count}" if dice[0] > count else ""
        found = (request(f"hit.{n}.figure", f"hit {n} allocation d{dice[0]} (count {count} "
                         f"figures of {target.name} from the left{again})", dice[0], 1,
                         target.id),)
    cache[key] = found
    return found


def _ask_pick(battle: BattleState, ctx: Any, fx: list[Effect], key: str, figures: tuple[str, ...],
              label: str, target: Squad) -> Step:
    if battle.options.hits_without_replacement:
        figures = tuple(f for f in figures if f not in ctx.victims)
    options = tuple(
        Option(fid, effects.figure_name(target, target.figure(fid)))
        for fid in figures
    )
    decision = DecisionNeeded(key, label, options, unit=target.id)
    return ask_decision(battle, NAME, "pick", ctx.shooter, ctx, decision, fx)


def _picked(battle: BattleState, ctx: Any, victim: str, fx: list[Effect]) -> Step:
    target = battle.squads[ctx.target]
    fx.append(effects.hit_allocated(target, target.figure(victim)))
    return _next_pick(battle, ctx, ctx.victims + (victim,), fx)


# --- 2. resolution -------------------------------------------------------------------------------


def _resolve_shot(battle: BattleState, ctx: Any, victims: tuple[str, ...], fx: list[Effect]
                  ) -> Step:
    """Resolve the shot's hits on ``victims``, the figures allocated."""
    autowound = "flamethrower_autowound" in ctx.specials
    fragmentation = ctx.attack == "fragmentation"
    aimed = not fragmentation and not autowound
    pending = tuple([(ctx.target, fid, ctx.power, autowound, fragmentation, aimed)
                     for fid in victims])
    return _ask_hits(battle, ctx._replace(victims=victims, pending_hits=pending, ranks=None), fx)


def _ask_hits(battle: BattleState, ctx: Any, fx: list[Effect]) -> Step:
    """Ask the power and armour dice of the pending hits; backpack operators need none."""
    shooter = battle.squads[ctx.shooter].id
    requests = []
    for k, (sq, fid, power, _, fragmentation, aimed) in enumerate(ctx.pending_hits):
        squad = battle.squads[sq]
        requests.extend(_hit_dice(battle, shooter, squad, squad.figure(fid),
                                  ctx.hit_count + k + 1, power, fragmentation, aimed))
    if requests:
        return ask_dice(battle, NAME, "resolve", ctx.shooter, ctx, tuple(requests), fx)
    return _apply_hits(battle, ctx, {}, fx)


def _hit_dice(battle: BattleState, shooter: str, squad: Squad, figure: Figure, n: int,
              power: int, fragmentation: bool, aimed: bool) -> tuple:
    """The requests of hit ``n``'s power die and ``figure``'s armour die (§2.8), none for a
    Keno backpack's operator (his hit needs no dice, §2.9). Memoised per battle: a pure
    function of the shot, the figure and the options, asked when the dice are asked for and
    again when they are read."""
    cache = memo(battle.options)
    key = ("hit", n, power, fragmentation, aimed, shooter, squad.id, squad.name, figure)
    found = cache.get(key)
    if found is not None:
        return found
    if carries_exploding_backpack(figure):
        found = ()
    else:
        armour = armour_die(figure.armour, fragmentation=fragmentation, psi_die=figure.psi_die,
                            aimed_small_arms=aimed, options=battle.options)
        found = (request(f"hit.{n}.power", f"hit {n} power die d{power}", power, 1, shooter),
                 request(f"hit.{n}.armour", f"hit {n} armour die d{armour} "
                         f"({effects.figure_name(squad, figure)})", armour, 1, squad.id))
    cache[key] = found
    return found


def _apply_hits(battle: BattleState, ctx: Any, rolls: Rolls, fx: list[Effect]) -> Step:
    opts = battle.options
    losses = fire_losses(ctx)
    blasts = list(ctx.blasts)
    shooter = battle.squads[ctx.shooter].id
    ranks: dict[int, list[Figure]] = {}  # the figures of the squads hit, written back at the end
    for k, (sq, fid, power, autowound, fragmentation, aimed) in enumerate(ctx.pending_hits):
        n = ctx.hit_count + k + 1
        squad = battle.squads[sq]  # its name and id for the effects
        index = squad.figure_index(fid)
        figures = ranks.get(sq) or list(squad.figures)
        figure = figures[index]
        if figure.status in (KILLED, DESTROYED):
            continue  # hit twice by this shot (allocation with replacement) and already down
        dice = _hit_dice(battle, shooter, squad, figure, n, power, fragmentation, aimed)
        if not dice:  # a Keno backpack's operator
            outcome = "killed"
            new, effect = exploded(squad, figure)
            fx.append(effect)
            blasts.append((sq, fid))
        else:
            power_request, armour_request = dice
            power_roll = rolls[power_request.key][0]
            armour_roll = rolls[armour_request.key][0]
            armour = armour_request.sides
            result = hit_result(power_roll, armour_roll, flamethrower_autowound=autowound,
                                options=opts)
            outcome = figure_after_hit(hit_kind(figure), result,
                                       robot_status="immobilised" if figure.immobilised else "ok",
                                       options=opts)
            new, text = _after(figure, outcome)
            fx.append(effects.hit_resolved(squad, figure, result, power, power_roll, armour,
                                           armour_roll, text, outcome))
        if new is figure:
            continue
        figures[index] = new
        ranks[sq] = figures
        if counts_as_morale_casualty(outcome, options=opts) and figure.status != WOUNDED_UNCHECKED:
            lost, cmd = losses.get(sq, (0, False))
            losses[sq] = (lost + 1, cmd or (figure.role == "commander" and not new.fighting))
        if not new.fighting and not any_fighting(figures):
            fx.append(effects.squad_wiped_out(squad))
    squads = battle.squads
    if ranks:  # each squad hit is copied once, whatever number of its figures were hit
        hit = list(squads)
        for sq, figures in ranks.items():
            hit[sq] = hit[sq]._replace(figures=tuple(figures))
        squads = tuple(hit)
    if not blasts:  # the fire is over: the context is not needed again
        return done(battle, fx, morale_followups(squads, ctx, losses), squads=squads)
    ctx = ctx._replace(
        pending_hits=(),
        hit_count=ctx.hit_count + len(ctx.pending_hits),
        losses=tuple((sq, lost, cmd) for sq, (lost, cmd) in losses.items()),
        blasts=tuple(blasts),
    )
    return ask_blast(battle._replace(squads=squads), ctx, fx)


_OUTCOME_TEXT = {
    "unharmed": "no effect: stopped by helmet, vest or luck",
    "killed": "killed",
    "unchecked_casualty": "wounded (an unchecked casualty until reorganisation, §2.11)",
    "lost_suit": "wounded: loses the power armour and fights on as an ordinary man (§2.8)",
    "lost_horse": "wounded: loses the horse and fights on foot (§2.8)",
    "weapon_destroyed": "destroyed (not a casualty for morale, §2.9)",
    "immobilised": "immobilised: it can no longer move but still shoots (§2.9)",
    "destroyed": "destroyed (§2.9)",
}


def _after(figure: Figure, outcome: str) -> tuple[Figure, str]:
    """The figure after a hit's outcome, and the words for it."""
    if figure.kind == ROBOT and outcome in ("ok", "immobilised") and (
            figure.immobilised == (outcome == "immobilised")):
        outcome = "unharmed"  # a robot's status unchanged: the hit did nothing
    text = _OUTCOME_TEXT[outcome]
    if outcome == "killed":
        return figure._replace(status=KILLED), text
    if outcome == "unchecked_casualty":
        if figure.status == WOUNDED_UNCHECKED:
            return figure, "wounded again (already an unchecked casualty)"
        return figure._replace(status=WOUNDED_UNCHECKED), text
    if outcome == "lost_suit":
        return figure._replace(armour="human"), text
    if outcome == "lost_horse":
        return figure._replace(mounted=False), text
    if outcome in ("weapon_destroyed", "destroyed"):
        return figure._replace(status=DESTROYED), text
    if outcome == "immobilised":
        return figure._replace(immobilised=True), text
    return figure, text


#: The figure after a hit's outcome, and the words for it: for hits outside fire (the psi
#: power "murder", §3.6).
after_hit = _after


# --- 3. exploding backpacks -----------------------------------------------------------------------


def exploded(squad: Squad, operator: Figure) -> tuple[Figure, Effect]:
    """§2.9: a hit on a Keno backpack flamethrower's operator: no wound test, he dies and
    his backpack explodes. The operator afterwards, and the effect that says so."""
    killed = operator._replace(status=KILLED)
    return killed, effects.figure_fate(squad, killed, "backpack_exploded",
                                       "is hit: the backpack flamethrower explodes and kills "
                                       "him; everything within 4\" takes a flamethrower hit "
                                       "(§2.9)")


def ask_blast(battle: BattleState, ctx: Any, fx: list[Effect]) -> Step:
    sq, fid = ctx.blasts[0]
    operator_squad = battle.squads[sq]
    own_only = battle.options.backpack_explosion_hits == "own_unit_only"
    options = tuple(
        Option(f"{s.id}/{f.id}", effects.figure_name(s, f))
        for n, s in enumerate(battle.squads)
        if s.presence == ON_TABLE and (n == sq or not own_only)
        for f in s.figures
        if f.fighting
    )
    decision = DecisionNeeded(
        BLAST_KEY,
        f"which figures are within 4\" of {effects.figure_name(operator_squad, _fig(battle, sq, fid))}"
        f" when his backpack flamethrower explodes? (§2.9)",
        options,
        unit=operator_squad.id,
        multiple=True,
        at_least=0,
    )
    return ask_decision(battle, NAME, "blast", ctx.shooter, ctx, decision, fx)


def _fig(battle: BattleState, sq: int, fid: str) -> Figure:
    squad = battle.squads[sq]
    return squad.figure(fid)


def _blast(battle: BattleState, ctx: Any, chosen: tuple[str, ...]) -> Step:
    power = tables.weapon(BACKPACK).power
    pending = []
    for value in chosen:
        squad_id, fid = value.split("/", 1)
        pending.append((battle.index[squad_id], fid, power, True, False, False))
    ctx = ctx._replace(blasts=ctx.blasts[1:], pending_hits=tuple(pending))
    return _ask_hits(battle, ctx, [])


# --- 4. follow-ups --------------------------------------------------------------------------------


def fire_losses(ctx: Any) -> dict[int, tuple[int, bool]]:
    """The casualties each squad has taken from this fire so far, and whether it lost its
    commander (§2.12): ``{squad: (casualties, commander lost)}``."""
    return {sq: (lost, cmd) for sq, lost, cmd in ctx.losses}


def morale_followups(squads: tuple[Squad, ...], ctx: Any,
                     losses: dict[int, tuple[int, bool]]) -> list:
    """Commander replacements and morale tests owed after this fire (§2.9, §2.12, §3.4);
    ``squads`` are the battle's after the fire's hits, ``losses`` the fire's
    (:func:`fire_losses`)."""
    order = [ctx.target] + [sq for sq in losses if sq != ctx.target]
    out = []
    for sq in order:
        lost, commander_lost = losses.get(sq, (0, False))
        squad = squads[sq]
        murdered = sq == ctx.target and ctx.attack == PSI_MURDER
        # §3.6: a psi murder's squad tests at "commander lost" (fire.murder_blast)
        triggers = ["commander_lost"] if murdered else []
        if sq == ctx.target and ctx.first_suppressed:
            triggers.append("first_suppressed")
        if lost:
            triggers.append("casualties_from_fire")
            men = 0
            for f in squad.figures:
                if f.status in FIGHTING and f.kind != WEAPON:
                    men += 1
            if lost_more_than_remain(lost, men):
                triggers.append("lost_more_than_remain")
        if commander_lost:
            if not murdered:
                triggers.append("commander_lost")
            out.append(then(commander.NAME, sq, commander.Context()))
        if murdered:
            out.append(then(morale_test.NAME, sq, murder_test(tuple(triggers))))
        elif triggers:
            out.append(then(morale_test.NAME, sq, morale_test.Context(tuple(triggers))))
    return out


def murder_test(triggers: tuple[str, ...] = ("commander_lost",)) -> morale_test.Context:
    """§3.6: a psi murder's squad tests at the "commander lost" threat, resisting the power
    (``triggers`` lead with ``commander_lost``; a backpack's blast may add its casualties)."""
    return morale_test.Context(triggers, cause="psi murder", psi=True)


# --- dispatch from the fire procedure -------------------------------------------------------------


def on_dice(battle: BattleState, res: Resolution, rolls: Rolls) -> Step:
    ctx = res.ctx
    if res.stage == "resolve":
        return _apply_hits(battle, ctx, rolls, [])
    # allocate
    target = battle.squads[ctx.target]
    n = len(ctx.victims) + 1
    figures = _ranks(battle, ctx)
    eligible = _eligible(figures, ctx, ctx.victims, battle.options)
    values = tuple([rolls[r.key][0] for r in res.requests])
    victim = figure_at(eligible, values)  # the faces were checked against these requests
    if victim is None:
        fx = [Effect("allocation_rolled_again", f"hit {n}: {values[-1]} is above the "
                     f"{len(eligible)} figures: roll again (§2.8)", target.id,
                     {"hit": n, "roll": values[-1]})]
        return ask_dice(battle, NAME, "allocate", ctx.shooter, ctx, res.requests, fx)
    fx = [effects.hit_allocated(target, target.figure(victim))]
    return _next_pick(battle, ctx, ctx.victims + (victim,), fx)


def on_decide(battle: BattleState, res: Resolution, choice: Any) -> Step:
    if res.stage == "blast":
        return _blast(battle, res.ctx, choice)
    return _picked(battle, res.ctx, choice, [])
