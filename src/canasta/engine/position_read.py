"""Reading the position notation (docs/positions.md): a line of text back into a state, or
the reason it is malformed or describes a state the rules cannot reach (``PositionError``)."""

from __future__ import annotations

from canasta.cards import (
    FOUR,
    JOKER,
    NUM_CODES,
    NUM_KINDS,
    SUITED,
    SUITS,
    TWO,
    kind_name,
    parse_code,
    rank_of,
    suit_of,
)
from canasta.engine.canastas import in_meld
from canasta.engine.partners import seat_maps
from canasta.engine.position import (
    ANSWER_WORDS,
    END_WORDS,
    EXTRA_LABELS,
    FIELDS,
    HEAD,
    PHASE_WORDS,
    SCORE_FIELDS,
    SCORE_FIELDS_BASE,
    SEEDS,
    VERSION,
    PositionError,
)
from canasta.engine.position_check import check, used
from canasta.engine.scoring import HandResult, SideScore
from canasta.engine.state import (
    SAMBA_MARK,
    SEQUENCE_MARK,
    WILD,
    Answer,
    Match,
    Meld,
    Opening,
    Phase,
    Seat,
    Side,
    State,
    Table,
    Turn,
)
from canasta.engine.tables import Tables
from canasta.errors import CardError


def read(text: str, t: Tables, partial: bool = False) -> State:
    """The state a position describes; ``PositionError`` names what is wrong (the checks of
    ``position_check``; ``partial``: a part of a game, not checked as a whole one)."""
    try:
        return _Reader(text, t).state(partial)
    except CardError as exc:
        raise PositionError(f"bad card in the position: {exc}") from None


class _Reader:
    """Reads the fields of one position."""

    def __init__(self, text: str, t: Tables) -> None:
        self.t = t
        self.fields: dict[str, str] = {}
        if not isinstance(text, str) or not text.strip():
            raise PositionError("a position is a non-empty line of text")
        for item in text.strip().split(";"):
            item = item.strip()
            if not item:
                continue
            name, _, value = item.partition(" ")
            if name in self.fields:
                raise PositionError(f"field {name!r} is given twice")
            if name not in FIELDS:
                raise PositionError(f"unknown field {name!r}; fields: {', '.join(FIELDS)}")
            self.fields[name] = value.strip()

    # -- small parsers

    def ints(self, name: str, count: int, default: list[int]) -> list[int]:
        if name not in self.fields:
            return default
        try:
            values = [int(w) for w in self.fields[name].split()]
        except ValueError:
            raise PositionError(f"{name}: expected whole numbers, got "
                                f"{self.fields[name]!r}") from None
        if len(values) != count:
            raise PositionError(f"{name}: expected {count} numbers, got {len(values)}")
        return values

    def int_(self, name: str, default: int, low: int, high: int) -> int:
        if name not in self.fields:
            return default
        value = self.ints(name, 1, [default])[0]
        if not low <= value <= high:
            raise PositionError(f"{name} {value}: expected {low} to {high}")
        return value

    def cards(self, text: str, where: str) -> list[int]:
        """Card codes from text: suited codes where suits matter, kinds elsewhere."""
        codes = [parse_code(w) for w in text.split()]
        for code in codes:
            if self.t.suited and FOUR <= code < SUITED:
                raise PositionError(f"{where}: {kind_name(code)} needs its suit under these "
                                    "rules (e.g. KH)")
            if not self.t.suited and code >= SUITED:
                raise PositionError(f"{where}: suits play no part in these rules: "
                                    f"{kind_name(code)}")
        return codes

    def kinds(self, text: str, where: str) -> tuple[int, ...]:
        """Counts per kind (feet and known cards keep no suits: a suit given is ignored)."""
        counts = [0] * NUM_KINDS
        for word in text.split():
            counts[rank_of(parse_code(word))] += 1
        return tuple(counts)

    def kind_set(self, text: str, where: str) -> int:
        """Kinds, each at most once, as a bit per kind (``Seat.discarded``, ``Seat.passed``)."""
        bits = 0
        for kind, count in enumerate(self.kinds(text, where)):
            if count > 1:
                raise PositionError(f"{where}: {kind_name(kind)} is given {count} times; "
                                    "each kind is named once")
            if count and not self.t.pack[kind]:
                raise PositionError(f"{where}: these rules play no {kind_name(kind)}")
            bits |= count << kind
        return bits

    def per(self, name: str, count: int) -> list[str]:
        if name not in self.fields:
            return [""] * count
        parts = [p.strip() for p in self.fields[name].split("|")]
        if len(parts) != count:
            raise PositionError(f"{name}: expected {count} parts separated by '|', got "
                                f"{len(parts)}")
        return parts

    def members(self, name: str, count: int) -> set[int]:
        if name not in self.fields:
            return set()
        try:
            values = {int(w) for w in self.fields[name].split()}
        except ValueError:
            raise PositionError(f"{name}: expected numbers") from None
        if any(not 0 <= v < count for v in values):
            raise PositionError(f"{name}: numbers run from 0 to {count - 1}")
        return values

    # -- the state

    def state(self, partial: bool) -> State:
        t, f = self.t, self.fields
        if HEAD in f and f[HEAD] != str(VERSION):
            raise PositionError(f"position version {f[HEAD]!r} is not supported "
                                f"(this reads {VERSION})")
        if "rules" in f and f["rules"] != t.fingerprint:
            raise PositionError(f"this position is for other rules ({f['rules']}); these "
                                f"rules are {t.fingerprint}")
        players, sides = t.players, t.sides
        seed = self.int_("seed", 0, *SEEDS)
        deal_no = self.int_("deal", 1, 1, 10**6)
        scores = self.ints("scores", sides, [0] * sides)
        seat_text, _, phase_text = f.get("turn", "0 draw").partition(" ")
        phases = {v: k for k, v in PHASE_WORDS.items()}
        if phase_text.strip() not in phases or not seat_text.isdigit() or \
                int(seat_text) >= players:
            raise PositionError(f"turn {f.get('turn')!r}: expected a seat (0 to {players - 1}) "
                                "and a phase (draw, answer, meld, over)")
        seat, phase = int(seat_text), phases[phase_text.strip()]
        dealer = self.int_("dealer", (seat - 1) % players, 0, players - 1)
        results = self.results(scores)
        over = "over" in f
        winner = self.int_("over", -1, -1, sides - 1) if over else -1
        if over != (phase == Phase.OVER):
            raise PositionError("a game is over exactly when its turn's phase is 'over'")
        match = Match(seed, scores, deal_no, dealer, results, winner, over,
                      "one-hand" in f)
        table = self.table()
        seats = self.seats()
        side_list = self.sides(scores, deal_no)
        turn = self.turn(seat, phase)
        state = State(match, table, seats, side_list, turn,
                      self.partnership(f["partners"], "partners") if "partners" in f
                      else t.seat_sides)
        if "stock" not in f:
            table.stock = _rest(state, t)
        check(state, t, partial)
        return state

    def results(self, scores: list[int]) -> tuple[HandResult, ...]:
        text = self.fields.get("results", "")
        out: list[HandResult] = []
        running = [0] * self.t.sides
        ends = {v: k for k, v in END_WORDS.items()}
        for item in filter(None, (p.strip() for p in text.split("/"))):
            words = item.split()
            seat_sides: tuple[int, ...] = ()
            if self.t.partners_at_pile:  # it ends with "partners" and the side of each seat
                seat_sides = self.partnership(words[-1].replace(",", " ") if
                                              words[-2:-1] == ["partners"] else "", "results")
                words = words[:-2]
            if len(words) != 3 + self.t.sides or words[1] not in ends:
                raise PositionError(f"results: {item!r} is not 'deal end seat' and a score per "
                                    "side")
            try:
                deal_no, went_out = int(words[0]), int(words[2])
                side_scores = []
                for n, word in enumerate(words[3:]):
                    values = [int(v) for v in word.split(",")]
                    if len(values) not in (len(SCORE_FIELDS), len(SCORE_FIELDS_BASE)) or \
                            values[0] != n:
                        raise ValueError
                    named: dict[str, object] = dict(zip(SCORE_FIELDS, values, strict=False))
                    named["concealed"] = bool(named["concealed"])
                    label = values[SCORE_FIELDS.index("extra_label")]
                    named["extra_label"] = EXTRA_LABELS[label]
                    side_scores.append(SideScore(**named))  # type: ignore[arg-type]
            except (ValueError, IndexError):
                raise PositionError(f"results: {item!r} holds a malformed score") from None
            running = [r + sc.total for r, sc in zip(running, side_scores, strict=True)]
            out.append(HandResult(deal_no, ends[words[1]], went_out, tuple(side_scores),
                                  tuple(running), seat_sides))
        if out and list(out[-1].totals) != scores:
            raise PositionError("scores: the totals do not add up to the results' scores")
        return tuple(out)

    def table(self) -> Table:
        f, t = self.fields, self.t
        pile = self.cards(f.get("pile", ""), "pile")
        stock = self.cards(f["stock"], "stock") if "stock" in f else None
        under = self.cards(f.get("under", ""), "under")
        if under and not t.rules.deal.pile_by_upcard:
            raise PositionError("under: these rules set no face-down cards under the pile")
        bonus = tuple(tuple(self.cards(text, "bonus")) for text in
                      (p.strip() for p in f["bonus"].split("|"))) if "bonus" in f else ()
        if len(bonus) > len(t.rules.deal.bonus_piles):
            raise PositionError(f"bonus: {len(bonus)} piles, but these rules set aside "
                                f"{len(t.rules.deal.bonus_piles)}")
        return Table(stock if stock is not None else [], pile, sum(t.freezes[c] for c in pile),
                     self.int_("blocked", -1, -1, t.players - 1),
                     self.int_("turns", 0, 0, 10**6), self.int_("cut", -1, -1, t.sides - 1),
                     under, len(under), bonus, tuple(len(p) for p in bonus))

    def partnership(self, text: str, where: str) -> tuple[int, ...]:
        """The side of each seat (``partners.seat_maps``): as dealt, or once the partnership
        of ``players.partners_at_pile`` formed."""
        words = " ".join(text.split())
        allowed = {" ".join(map(str, m)): m for m in seat_maps(self.t)} \
            if self.t.partners_at_pile else {}
        if words not in allowed:
            raise PositionError(f"{where} {text!r}: " + (
                "expected each seat on its own side, or one alone and the other two on the "
                "lower one's side" if allowed else "these rules fix every seat's side"))
        return allowed[words]

    def seats(self) -> list[Seat]:
        t = self.t
        hands = self.per("hands", t.players)
        feet = self.per("feet", t.players)
        known = self.per("known", t.players)
        red3 = self.ints("red3", t.players, [0] * t.players)
        black3 = self.ints("black3", t.players, [0] * t.players)
        laid = self.members("laid", t.players)
        discarded = self.per("discarded", t.players)
        passed = self.per("passed", t.players)
        out = []
        for n in range(t.players):
            codes = self.cards(hands[n], f"hands (seat {n})")
            hand = [0] * NUM_KINDS
            cards = [0] * NUM_CODES if t.suited else None
            for code in codes:
                hand[rank_of(code)] += 1
                if cards is not None:
                    cards[code] += 1
            foot = self.kinds(feet[n], f"feet (seat {n})")
            out.append(Seat(hand, len(codes), cards, foot, sum(foot),
                            self.kinds(known[n], f"known (seat {n})"), red3[n], n in laid,
                            black3[n], self.kind_set(discarded[n], f"discarded (seat {n})"),
                            self.kind_set(passed[n], f"passed (seat {n})")))
        return out

    def sides(self, scores: list[int], deal_no: int) -> list[Side]:
        t = self.t
        rules = t.rules
        texts = self.per("melds", t.sides)
        opened = self.members("opened", t.sides)
        minimum = self.ints("minimum", t.sides,
                            [rules.minimum_for(sc, deal_no) for sc in scores])
        need = self.ints("opening-canasta", t.sides, [rules.canasta_for(sc) for sc in scores])
        failures = self.ints("yes-failures", t.sides, [0] * t.sides)
        aside = self.ints("set-aside", t.sides, [0] * t.sides)
        out = []
        for n in range(t.sides):
            side = Side([None] * NUM_KINDS, [None] * 4, (), 0, n in opened, minimum[n],
                        need[n], failures[n], aside[n])
            for text in filter(None, (m.strip() for m in texts[n].split(","))):
                self.meld(side, text, n)
            side.canastas = len(side.sambas) + sum(
                in_meld(t, m.rank, m.size) for m in side.melds if m is not None)
            out.append(side)
        return out

    def meld(self, side: Side, text: str, n: int) -> None:
        where = f"melds (side {n}): {text!r}"
        codes = [parse_code(w) for w in text.split()]
        if all(c >= SUITED for c in codes) and len({rank_of(c) for c in codes}) > 1:
            self.run(side, codes, where)
            return
        ranks = {rank_of(c) for c in codes if c not in (TWO, JOKER)}
        if len(ranks) > 1 or any(c >= SUITED for c in codes):
            raise PositionError(f"{where}: a meld is one rank (no suits) with its wild cards, "
                                "or a run of one suit")
        rank = ranks.pop() if ranks else WILD
        if side.melds[rank] is not None:
            raise PositionError(f"{where}: the side has a meld of that rank already")
        naturals = sum(1 for c in codes if c == rank) if rank != WILD else 0
        side.melds[rank] = Meld(rank, naturals, codes.count(TWO), codes.count(JOKER))

    def run(self, side: Side, codes: list[int], where: str) -> None:
        suits = {suit_of(c) for c in codes}
        ranks = sorted(rank_of(c) for c in codes)
        if len(suits) != 1 or ranks != list(range(ranks[0], ranks[0] + len(ranks))):
            raise PositionError(f"{where}: a sequence is cards of one suit in a row")
        suit = suits.pop()
        if len(codes) >= self.t.rules.melds.canasta_size:
            side.sambas = (*side.sambas, (suit, ranks[0], ranks[-1]))
        elif side.runs[suit] is not None:
            raise PositionError(f"{where}: the side has an open sequence of that suit already")
        else:
            side.runs[suit] = (ranks[0], ranks[-1])

    def turn(self, seat: int, phase: Phase) -> Turn:
        f, t = self.fields, self.t
        answers = {v: k for k, v in ANSWER_WORDS.items()}

        def answer(name: str, allowed: tuple[str, ...]) -> Answer:
            value = f.get(name, "")
            if value and value not in allowed:
                raise PositionError(f"{name} {value!r}: expected one of {', '.join(allowed)}")
            return answers[value] if value else Answer.NONE

        created = []
        for word in f.get("created", "").split():
            if word == "samba":
                created.append(SAMBA_MARK)
            elif word.startswith("seq-") and word[4:] in list(SUITS):
                created.append(SEQUENCE_MARK + SUITS.index(word[4:]))
            else:
                created.append(rank_of(parse_code(word)))
        return Turn(seat, phase, self.int_("asker", -1, -1, t.players - 1),
                    answer("permission", ("yes", "no")), answer("acaba", ("asked", "yes", "no")),
                    "asked" in f, "drew" in f, "took" in f, self.int_("retracts", 0, 0, 10**6),
                    "melded" in f, tuple(created), self.int_("opening-points", 0, 0, 10**6),
                    self.opening())

    def opening(self) -> Opening | None:
        if "opening" not in self.fields:
            return None
        named: dict[str, str] = {}
        for part in (p.strip() for p in self.fields["opening"].split("|")):
            name, _, value = part.partition(" ")
            if name not in ("hand", "known", "pile", "blocked", "pending") or name in named:
                raise PositionError(f"opening: unexpected part {part!r}")
            named[name] = value.strip()
        codes = self.cards(named.get("hand", ""), "opening hand")
        hand = [0] * NUM_KINDS
        cards = [0] * NUM_CODES if self.t.suited else None
        for code in codes:
            hand[rank_of(code)] += 1
            if cards is not None:
                cards[code] += 1
        blocked = int(named["blocked"]) if named.get("blocked", "").lstrip("-").isdigit() else -1
        pending = tuple(self.cards(named["pending"], "opening pending")) \
            if "pending" in named else None
        return Opening(pending, tuple(hand), None if cards is None else tuple(cards),
                       self.kinds(named.get("known", ""), "opening known"),
                       tuple(self.cards(named.get("pile", ""), "opening pile")), blocked)


# ---------------------------------------------------------------------- the stock left out

def _rest(s: State, t: Tables) -> list[int]:
    """The cards the state does not place, in code order: a stock left out of a position.
    Where suits matter, a meld's naturals take the suits of its rank in suit order."""
    kinds, codes = used(s)
    if not t.suited:
        return [k for k in range(NUM_KINDS) for _ in range(max(0, t.pack[k] - kinds[k]))]
    left = [max(0, p - u) for p, u in zip(t.codes, codes, strict=True)]
    for kind in range(FOUR):
        left[kind] = max(0, t.pack[kind] - kinds[kind])
    for rank in range(FOUR, NUM_KINDS):
        unsuited = kinds[rank] - sum(codes[SUITED + (rank - FOUR) * 4 + x] for x in range(4))
        for suit in range(4):
            code = SUITED + (rank - FOUR) * 4 + suit
            take = min(unsuited, left[code])
            left[code] -= take
            unsuited -= take
    return [c for c in range(NUM_CODES) for _ in range(left[c])]
