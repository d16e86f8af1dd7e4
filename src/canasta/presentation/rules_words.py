"""The main rules of a rule set in plain words, for the player who sits down at a table
(docs/presentation.md, "The rules in words").

``rules_in_words(rules)`` reads the rule set's options (docs/rules.md: each option, its ruling
and the presets that set it) and the rule set's own answers (``minimum_for``,
``red_three_value``), and says what a player asks first: who plays with whom, the cards, a
turn, what a meld and a canasta are, the initial meld, the pile, the 3s, going out, the score
and the end of the game. It names what a rule set sets, and says nothing of an option it does
not cover: the whole rule set is ``canasta rules show NAME``.
"""

from __future__ import annotations

import textwrap
from typing import NamedTuple

from canasta.engine.refusal import Topic
from canasta.rules import RuleSet


class Section(NamedTuple):
    """One topic of the rules: the engine's name for it (the ``topic`` of a refusal that
    applies it), its heading and its sentences."""

    topic: Topic
    heading: str
    lines: tuple[str, ...]


_COUNT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                8: "eight", 9: "nine", 10: "ten"}
_RANK_WORDS = {"4": "4s", "5": "5s", "6": "6s", "7": "7s", "8": "8s", "9": "9s", "10": "10s",
               "J": "jacks", "Q": "queens", "K": "kings", "A": "aces"}


#: Each topic's heading, in the order the rules are told.
HEADINGS = {Topic.CARDS: "Players and cards", Topic.TURN: "A turn",
            Topic.MELDS: "Melds and canastas", Topic.OPENING: "The initial meld",
            Topic.PILE: "The pile", Topic.THREES: "Red and black 3s",
            Topic.GOING_OUT: "Going out", Topic.SCORING: "Scoring",
            Topic.END: "The end of the game"}


def rules_in_words(rules: RuleSet) -> tuple[Section, ...]:
    """The main rules of ``rules``, topic by topic (every ``Topic``, in its order)."""
    said = {Topic.CARDS: _cards, Topic.TURN: _turn, Topic.MELDS: _melds,
            Topic.OPENING: _opening, Topic.PILE: _pile, Topic.THREES: _threes,
            Topic.GOING_OUT: _going_out, Topic.SCORING: _scoring, Topic.END: _end}
    return tuple(Section(topic, heading, said[topic](rules))
                 for topic, heading in HEADINGS.items())


def rules_in_words_text(rules: RuleSet, width: int = 88) -> str:
    """``rules_in_words`` as plain text: the title and description, then each topic and its
    rules as dashes, wrapped at ``width`` (a command's output, the plain face)."""
    out = [f"{rules.title}: {rules.description}"]
    for _, heading, lines in rules_in_words(rules):
        out += ["", heading, *(textwrap.fill(line, width, initial_indent="- ",
                                           subsequent_indent="  ") for line in lines)]
    return "\n".join(out)


def rule_in_words(rules: RuleSet, topic: Topic, width: int = 88) -> str:
    """One topic of ``rules_in_words`` as plain text, indented under its heading: the rule a
    refused move broke, told after the refusal (the plain face)."""
    section = next(s for s in rules_in_words(rules) if s.topic == topic)
    return "\n".join([f"  {section.heading}:", *(textwrap.fill(
        line, width, initial_indent="  - ", subsequent_indent="    ") for line in section.lines)])


def rules_in_words_json(rules: RuleSet) -> list[dict[str, object]]:
    """``rules_in_words`` as JSON for the pages: ``[{"id": "pile", "topic": "The pile",
    "lines": [...]}, ...]`` (``id``: the ``topic`` a refusal names)."""
    return [{"id": section.topic.value, "topic": section.heading, "lines": list(section.lines)}
            for section in rules_in_words(rules)]


def _n(count: int, one: str) -> str:
    """"1 card", "3 cards"."""
    return f"{count:,} {one if count == 1 else one + 's'}"


def _listing(words: list[str], last: str = "and") -> str:
    """"a, b and c" (or ``last``)."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def _ranks(names: tuple[str, ...]) -> str:
    """"7s and aces"."""
    return _listing([_RANK_WORDS[name] for name in names])


def _cards(rules: RuleSet) -> tuple[str, ...]:
    players, deck, deal = rules.players, rules.deck, rules.deal
    per = players.count // players.sides
    if players.partners_at_pile:
        who = (f"{players.count} players, each alone until one first takes the pile: that "
               "player plays the deal alone, the other two become partners.")
    elif per == 1:
        who = f"{players.count} players, each playing alone."
    else:
        where = "across the table" if per == 2 else "in alternate seats"
        who = (f"{players.count} players in {players.sides} sides of {per}, partners sitting "
               f"{where}.")
    total = deck.decks * 52 + deck.jokers
    cards = (f"{_n(deck.decks, 'deck')} of 52 cards and {_n(deck.jokers, 'joker')}: "
             f"{total} cards.")
    dealt = f"Each player is dealt {_n(deal.hand_size, 'card')}"
    if deal.foot_size:
        dealt += (f", and a foot of {_n(deal.foot_size, 'card')}, taken up when the hand is "
                  "used up")
    lines = [who, cards, dealt + "."]
    if deal.bonus_piles:
        piles = _listing([str(size) for size in deal.bonus_piles])
        lines.append(f"Bonus piles of {piles} cards are set aside: the first side to make its "
                     "initial meld takes the first, the next side the next.")
    if deal.pile_by_upcard:
        lines.append("The upcard sets how many cards lie face down under it as the starting "
                     "pile (ace 1, jack 11, queen 12, king 13).")
    return tuple(lines)


def _turn(rules: RuleSet) -> tuple[str, ...]:
    pile = (f"take the top {_n(rules.pile.take_top, 'card')} of the pile" if rules.pile.take_top
            else "take the whole pile")
    stock_out = {
        "compulsory_take": "When the stock is gone, a player must take the pile if its top "
                           "card fits one of their side's melds; the deal ends when a player "
                           "cannot take it.",
        "turn_pile": "When the stock is gone, the pile less its top card is turned over as a "
                     "new stock.",
        "last_discard": "The deal ends with the discard of the player who drew the stock's "
                        "last card."}[rules.stock_out.mode]
    return (f"Draw {_n(rules.draw.stock_cards, 'card')} from the stock or {pile}, meld what "
            "you can, then discard one card.", stock_out)


def _melds(rules: RuleSet) -> tuple[str, ...]:
    melds, canastas = rules.melds, rules.canastas
    wild = (f"at most {_n(melds.max_wilds, 'wild card')} (jokers and 2s)" if melds.max_wilds
            else "no wild card")
    ratio = {"not_more": ", never more wild cards than natural ones",
             "fewer": ", always fewer wild cards than natural ones"}.get(melds.wild_ratio, "")
    lines = [f"A meld is 3 or more cards of one rank, 4s to aces: at least "
             f"{melds.min_naturals} natural, {wild}{ratio}."]
    if melds.max_size:
        lines.append(f"A meld holds at most {_n(melds.max_size, 'card')}.")
    lines.append(f"{melds.canasta_size} cards make a canasta: {canastas.natural_bonus:,} when "
                 f"natural (no wild card), {canastas.mixed_bonus:,} when mixed.")
    if melds.canastas_per_rank > 1:
        lines.append(f"A side may make up to {melds.canastas_per_rank} canastas of one rank.")
    if melds.no_wild_on_canasta:
        lines.append("No wild card may be added to a finished canasta.")
    if melds.wild_add_min_naturals:
        lines.append("After the initial meld, a wild card joins a meld only if it holds "
                     f"{melds.wild_add_min_naturals} natural cards.")
    if melds.sequences:
        lines.append("Runs of 3 or more natural cards of one suit (4 up to the ace) may be "
                     f"melded: seven make a samba, worth {canastas.samba_bonus:,}.")
    if melds.wild_melds:
        lines.append(_wild_melds(rules))
    if melds.special_ranks:
        special = (f"Melds of {_ranks(melds.special_ranks)} take no wild card: a canasta of "
                   f"them is worth {canastas.special_bonus:,}")
        if canastas.unfinished_special_penalty:
            special += f", one left unfinished costs {canastas.unfinished_special_penalty:,}"
        if melds.special_wild_in_opening:
            special += (f" ({_ranks(melds.special_wild_in_opening)} may take wild cards "
                        "within the initial meld)")
        lines.append(special + ".")
    if melds.completed_rank_dead:
        lines.append("Once a side completes a canasta of a rank, nobody may meld that rank "
                     "any more.")
    return tuple(lines)


def _wild_melds(rules: RuleSet) -> str:
    melds, canastas = rules.melds, rules.canastas
    if melds.twos_meld:
        words = (f"2s form a meld of their own, jokers its wild cards: seven 2s are worth "
                 f"{canastas.wild_twos_bonus:,}, 2s with jokers {canastas.wild_bonus:,}")
    else:
        words = ("Wild cards may form a meld of their own: seven make a wild canasta, worth "
                 f"{canastas.wild_bonus:,}")
        special = [f"{value:,} {what}" for value, what in (
            (canastas.wild_twos_bonus, "of seven 2s"),
            (canastas.wild_jokers_bonus, "holding four jokers")) if value]
        if special:
            words += f" ({_listing(special)})"
    if canastas.unfinished_wild_penalty:
        words += f"; one left unfinished costs {canastas.unfinished_wild_penalty:,}"
    if canastas.wild_bonus_going_out_only:
        words += "; paid only to the side that goes out"
    if melds.twos_tame_while_open:
        words += "; while it is short of a canasta, its side may use no 2 as a wild card"
    if melds.unfinished_wild_binds:
        words += ("; while it is unfinished its wild cards go nowhere else and the side may "
                  "not go out")
    return words + "."


def _opening(rules: RuleSet) -> tuple[str, ...]:
    meld = rules.initial_meld
    first = "Your side's first melds must together count at least"
    if meld.by == "deal":
        later = [f"{value} from deal {threshold}" for threshold, value in meld.tiers
                 if threshold > 1]
        lines = [f"{first} {rules.minimum_for(0, deal=1)} points "
                 + (f"in deal 1; {_listing(later)}." if later else "in every deal.")]
    else:
        ladder = sorted({t for t, _ in meld.tiers if t > 0} | {t for t, _ in meld.canasta_tiers
                                                               if t > 0})
        steps = [f"{_needs(rules, score, unit=False)} from {score:,}" for score in ladder]
        lines = [f"{first} {_needs(rules, 0)}" + (f"; {_listing(steps)}" if steps else "")
                 + f"; {meld.below_zero} below zero (by your side's score at the deal's "
                 "start)."]
    if meld.natural_only:
        lines.append("The initial meld holds no wild card.")
    if not meld.top_card_counts:
        lines.append("The pile's top card does not count towards the minimum.")
    return tuple(lines)


def _needs(rules: RuleSet, score: int, unit: bool = True) -> str:
    """What an initial meld needs at ``score``: "50 points" ("90" without ``unit``), "a
    canasta", "200 points and a natural canasta" (``RuleSet.minimum_for``,
    ``RuleSet.canasta_for``)."""
    points, canasta = rules.minimum_for(score), rules.canasta_for(score)
    words = [f"{points} points" if unit or canasta else str(points)] \
        if points or not canasta else []
    if canasta:
        words.append("a natural canasta" if canasta == 2 else "a canasta")
    return " and ".join(words)


def _pile(rules: RuleSet) -> tuple[str, ...]:
    pile = rules.pile
    if pile.always_frozen:
        lines = ["The pile is always frozen."]
    else:
        by = [what for on, what in ((pile.frozen_by_wild, "a wild card"),
                                    (pile.frozen_by_red_three, "a red 3"),
                                    (pile.black_three_freezes, "a black 3")) if on]
        lines = [f"{_listing(by, 'or').capitalize()} in the pile freezes it." if by else
                 "Nothing in the pile freezes it."]
        if pile.frozen_before_initial_meld:
            lines.append("It is frozen for a side that has not made its initial meld.")
    lines.append("A frozen pile is taken only with two natural cards of its top card's rank "
                 "from your hand, melded with it.")
    if not pile.always_frozen:
        routes = [what for on, what in (
            (pile.take_with_wild, "with a natural card and a wild card"),
            (pile.take_by_adding, "by adding its top card to one of your side's melds"
             + ("" if pile.canasta_opens_pile else " (not to a canasta)")),
            (rules.melds.sequences and pile.take_onto_sequence,
             "by adding its top card to your side's run of its suit")) if on]
        if routes:
            lines.append(f"An unfrozen pile may also be taken {_listing(routes, 'or')}.")
    if pile.initial_meld_before_taking:
        lines.append("A side must have made its initial meld before it takes the pile.")
    if not pile.jokers_discardable:
        lines.append("Jokers may not be discarded (unless nothing else is left).")
    return tuple(lines)


def _threes(rules: RuleSet) -> tuple[str, ...]:
    red, melds, pile = rules.red_threes, rules.melds, rules.pile
    laid = ("Red 3s may be held and laid on any of your turns, or discarded"
            if red.hold else "Red 3s are laid out at once and replaced from the stock")
    lines = [f"{laid}: {_red_values(rules)}."]
    against = []
    if red.negative_without_initial_meld:
        against.append("a side that has not made its initial meld")
    if red.positive_needs_canastas:
        need = red.positive_needs_canastas
        against.append(("a side without a canasta" if need == 1 else
                        f"a side with fewer than {need} canastas")
                       + (f" (nothing with {red.neutral_canastas})" if red.neutral_canastas
                          else ""))
    if against:
        lines.append(f"They count against {' or '.join(against)}.")
    if red.black_too:
        lines.append("Black 3s are bonus cards too: laid out at once, replaced, and scored by "
                     "their own count in the same way.")
    else:
        if pile.black_three_blocks_next:
            lines.append("A black 3 on top of the pile stops the next player from taking it.")
        if melds.black_three_sets:
            sets = _listing([str(n) for n in melds.black_three_sets]).replace(" and ", " or ")
            lines.append(f"Black 3s are melded only when going out, {sets} of them"
                         + (", as the last cards of the hand" if melds.black_three_set_last
                            else "") + ".")
        else:
            lines.append("Black 3s are never melded.")
        if pile.black_threes_removed:
            lines.append(f"Black 3s in a taken pile are set aside for the taker's side: "
                         f"{rules.points.black_three_removed} each, "
                         f"{rules.points.all_black_threes_removed} for all of them.")
    return tuple(lines)


def _red_values(rules: RuleSet) -> str:
    """"a side's are worth 100 for one, 200 for two, 300 for three, 800 for all four" (the
    pack's red 3s: two a deck), or "each costs 300"."""
    most = 2 * rules.deck.decks
    values = [rules.red_three_value(count) for count in range(1, most + 1)]
    each = rules.red_threes.points
    if values == [count * each for count in range(1, most + 1)]:
        return f"each costs {-each:,}" if each < 0 else f"{each:,} each"
    words = [f"{value:,} for {_COUNT_WORDS.get(count, str(count))}"
             for count, value in enumerate(values, 1)]
    words[-1] = f"{values[-1]:,} for all {_COUNT_WORDS.get(most, str(most))}"
    return f"a side's are worth {_listing(words)}"



def _going_out(rules: RuleSet) -> tuple[str, ...]:
    out = rules.going_out
    need = _n(out.canastas, "canasta")
    quotas = [quota for count, quota in ((out.natural_canastas, f"{out.natural_canastas} natural"),
                                         (out.mixed_canastas, f"{out.mixed_canastas} mixed"),
                                         (out.sambas, _n(out.sambas, "samba"))) if count]
    if quotas:
        need = _listing(quotas) + (f" ({need} in all)" if out.canastas else "")
    lines = [f"Your side needs {need} to go out" + ("" if out.wild_canastas_count or
                                                    not rules.melds.wild_melds
                                                    else ", wild canastas not counted")
             + (", and the last card must be discarded" if out.needs_discard else "") + "."]
    if rules.players.count > rules.players.sides or rules.players.partners_at_pile:
        if out.must_ask:
            lines.append("You may go out only after asking your partner \"may I go out?\" and "
                         "hearing yes.")
        elif out.ask_partner:
            lines.append("You may first ask your partner \"may I go out?\": the answer binds.")
    bonus = f"Going out scores {out.bonus:,}"
    if out.concealed_bonus != out.bonus:
        bonus += (f", {out.concealed_bonus:,} when concealed (going out in one turn without "
                  "having melded before)")
    lines.append(bonus + ".")
    if out.acaba:
        lines.append(f"A player may concede the deal (acaba): the other sides score "
                     f"{out.acaba_points:,}.")
    if out.failed_yes_penalty:
        lines.append(f"A side told yes that does not go out loses {out.failed_yes_penalty:,}.")
    return tuple(lines)


def _scoring(rules: RuleSet) -> tuple[str, ...]:
    p = rules.points
    values = [f"jokers {p.joker}", f"2s {p.two}", f"aces {p.ace}", f"8s to kings "
              f"{p.eight_to_king}", f"4s to 7s {p.four_to_seven}",
              f"black 3s {p.black_three}"]
    lines = ["A side scores its canastas, red 3s and going out, and the cards it melded, "
             f"less the cards left in its hands: {_listing(values)}."]
    if p.black_three_in_hand != p.black_three:
        lines.append(f"A black 3 left in hand costs {p.black_three_in_hand:,}.")
    if p.special_in_hand:
        held = _listing([f"{p.special_in_hand_count} or more {_RANK_WORDS[rank]}"
                         for rank in rules.melds.special_ranks], "or")
        lines.append(f"A player left holding {held} at the end costs the side "
                     f"{p.special_in_hand:,}.")
    if rules.canastas.short_sequence_penalty:
        lines.append("Each run of five cards or fewer at the end costs "
                     f"{rules.canastas.short_sequence_penalty:,}.")
    rows = rules.canastas.count_bonuses
    if rows:
        words = [f"{points:,} for {count}" + (f" with {naturals} natural" if naturals else "")
                 for naturals, count, points in rows]
        lines.append(f"Many canastas in one deal score more: {_listing(words)} (at least so "
                     "many; for the same number, only the best one met pays).")
    if rules.canastas.seven_canastas_bonus:
        lines.append(f"Seven canastas in one deal score {rules.canastas.seven_canastas_bonus:,} "
                     "and end the game.")
    return tuple(lines)


def _end(rules: RuleSet) -> tuple[str, ...]:
    game = rules.game
    if game.deals:
        return (f"After {_n(game.deals, 'deal')} the higher total wins (level: another deal).",)
    return (f"The first side to reach {game.target:,} after a deal wins (both over: the higher "
            "total; level: another deal).",)


__all__ = ["HEADINGS", "Section", "rule_in_words", "rules_in_words", "rules_in_words_json",
           "rules_in_words_text"]
