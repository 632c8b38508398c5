"""Sample Tournament Director 3 files (`.tdt`), built as the format is documented: a root
object whose T is `new Tournament({...})` with GamePlayers, GameBuyins and GameBustOuts."""

import json


def player(uuid: str, name: str, busts: list, email: str = "") -> str:
    """busts: per buy-in, None (still in) or (time ms, [hitman uuids])."""
    buyins = []
    for bust in busts:
        out = ""
        if bust is not None:
            out = f", BustOut: new GameBustOut({{Time: {bust[0]}, Round: 3, HitmanUUID: {json.dumps(bust[1])}}})"
        buyins.append(f"new GameBuyin({{Amount: 50, Chips: 10000, ProfileName: 'Standard'{out}}})")
    mail = f", Email: {json.dumps(email)}" if email else ""
    return (
        f"[{json.dumps(uuid)}, new GamePlayer({{UUID: {json.dumps(uuid)}, "
        f"Name: new PlayerName({{Nickname: {json.dumps(name)}}}){mail}, Buyins: [{', '.join(buyins)}]}})]"
    )


def tdt_file(players: list[str], title: str = "Club Night 12", league: str = "Thursday League") -> str:
    return (
        "{V: 3.7, T: new Tournament({UUID: 'T-1', Title: "
        + json.dumps(title)
        + ", LeagueName: "
        + json.dumps(league)
        + ", StartTime: 1767290400000,\n"
        "  Financials: new FinancialConfig({Buyins: new BuyConfig({Profiles: "
        "[new FeeProfile({Name: 'Standard', Fee: 50})]})}),\n"
        "  Players: new GamePlayers({Players: Map.from([" + ",\n    ".join(players) + "])}),\n"
        "  Levels: [new GameRound({SmallBlind: 25, BigBlind: 50, Minutes: 20}),"
        " new GameRound({SmallBlind: 50, BigBlind: 100, Minutes: 20})],\n"
        "  Prizes: new GamePrizes({Prizes: ["
        "new GamePrize({Recipient: 1, CalculatedAmount: 120, AwardedToPlayers: ['P1']}),"
        " new GamePrize({Recipient: 2, CalculatedAmount: 80, AwardedToPlayers: ['P2']})]}),\n"
        "  PointsForPlaying: new UserFormula({Formula: 'sqrt(n/r)*(1+log(avgBC+0.25))', Description: 'default'})\n"
        "})}"
    )


def club_night() -> str:
    """Four players, five entries: Dana re-entered. P4 Dana out first (by Ann), re-enters, out
    third-last (by Ben); Carl out by Ann; Ben out by Ann; Ann wins."""
    return tdt_file(
        [
            player("P1", "Ann Archer", [None], email="ann@example.invalid"),
            player("P2", "Ben Baker", [(4000, ["P1"])]),
            player("P3", "Carl Cole", [(3000, ["P1"])]),
            player("P4", "Dana Dune", [(1000, ["P1"]), (2000, ["P2"])]),
        ]
    )
