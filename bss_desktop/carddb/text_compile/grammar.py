"""The lark grammar of the templated phrases of card text, one sentence at a time.

The text is normalised first (normalise.py): lower case outside quotes, number words and "10,000" as digits,
"LV3" as "lv 3", quoted names as QUOTED (q0, q1 ...), known family names as FAMILY (f0 ...), "A.T. Field" as
"atfield". Each rule's meaning is the transformer method of the same name (or alias) in sentences.py.

Multi-word literals ("your opponent's") are written whole for reading and split into single words when the grammar
is built (`grammar()`): the lexer reads one word at a time, which keeps the parser fast.
"""
from __future__ import annotations

import re

from .templates import GRAMMARS

__all__ = ["grammar"]

_SOURCE = r"""
start: sentence

?sentence: statement
         | "if" condition ","? statement                        -> if_first
         | statement "if" condition                             -> if_last
         | "you may" statement                                  -> may
         | "you may" cost_part "to" statement                   -> may_cost
         | "you may" cost_part "to make" statement              -> may_cost
         | "if you do" ","? statement                           -> if_done
         | "if you destroy" destroyed? "with this effect" ","? statement -> if_destroyed
         | "if you do not" ","? statement                       -> if_not_done
         | "then" ","? statement                                -> then
         | "then" ","? "if" condition ","? statement            -> then_if
         | "you may then pay this card's cost to activate its" TIMING "effect" -> then_use
         | "reveal the top" count? card_word "of your deck"     -> reveal
         | "add" take "from" "among"? "the revealed cards to your hand" -> add_revealed
         | rest_cards                                           -> rest
         | "if it is" ("a" | "an") card_descr filters? "," "add it to your hand" -> take_if
         | ("otherwise" | "if it is not" | "if not") ","? rest_it -> rest
         | "when" watch_event "," after_when                    -> when_first
         | statement "when" watch_event                         -> when_last
         | statement "when" condition                           -> if_last
         | "at the start of the step" ","? after_when           -> at_step_first
         | sentence "at the start of the step"                  -> at_step_last

destroyed: count "of your opponent's spirits" | "a spirit" | "an opponent's spirit" | "any spirits"

// ---------------------------------------------------------------- triggers written in the text (CR 8-6)
?after_when: statement
           | "you may" statement                                -> may
           | "you may" cost_part "to" statement                 -> may_cost
           | "if" condition ","? statement                      -> if_first
watch_event: count "of" owner descr filters? event             -> watch_of
           | "you summon" count descr filters? ("from your hand")? -> you_summon
           | "you use" count card_descr filters?                -> you_use
           | "your opponent uses" count card_descr filters?     -> opponent_uses
           | count "of" owner adjective* FAMILY? "spirits' attacks reduces your opponent's life" -> watch_life
           | "an attack from" count "of" owner descr filters? "reduces your opponent's life" -> watch_attack_from
           | "this spirit destroys" count "of your opponent's spirits" by_battle -> self_wins
           | "this spirit destroys an opponent's spirit" by_battle -> self_wins
           | "you reduce your opponent's life with this spirit's attack" -> self_reduces
           | "this spirit's attack reduces your opponent's life" -> self_reduces
           | "its attack reduces your opponent's life"          -> self_reduces
           | "you reduce your opponent's life"                  -> you_reduce
           | "this spirit" self_event                           -> self_event
self_event: "attacks"                                           -> when_attacks
          | "blocks"                                            -> when_blocks
          | "is blocked"                                        -> when_blocked
          | "is destroyed"                                      -> when_destroyed
by_battle: "via comparing bp" | "in battle" | "by comparing bp"
event: "attacks"                                               -> ev_attacks
     | "blocks"                                                -> ev_blocks
     | "is blocked"                                            -> ev_blocked
     | "is summoned"                                           -> ev_summoned
     | "is destroyed"                                          -> ev_destroyed
     | "is destroyed by your opponent"                         -> ev_destroyed_by_opponent
     | "is exhausted"                                          -> ev_exhausted
     | "reduces your opponent's life"                          -> ev_reduces_life
     | "destroys" count "of your opponent's spirits" by_battle -> ev_wins
     | "destroys an opponent's spirit" by_battle               -> ev_wins

?statement: action
          | action ("," | "and" | ", and" | ", then" | "and then" | ". then") statement -> seq

?action: draw | discard_hand | mill | select_act | select_only | select_and | their_select | their_select_act | it_verb | bp_change | bp_reduce | bp_reduce_of | bp_reduce_by
       | level_set | core_to_card | void_cores | void_to_life | life_damage | cannot | cannot_be_blocked
       | gains_keyword | gains_keyword_and_bp | self_verb | all_verb | core_remove
       | opponent_discards | both_discard | recover_it | summon_free | summon_it | verb_sel | bp_lose | gains_bp_and_keyword

// ---------------------------------------------------------------- cards and decks (CR 10-2)
draw: "draw" count card_word
discard_hand: "discard" count card_descr ("from your hand")?
opponent_discards: "your opponent discards" count card_word ("from their hand")?
                 | "your opponent selects" count card_word "from their hand and discards" it
both_discard: ("both players" | "each player") ("discard" | "discards") count card_word ("from their hand" | "from their hands")?
mill: "discard the top" count? card_word "of" whose_deck
whose_deck: "your deck"                                        -> deck_you
          | "your opponent's deck"                             -> deck_opponent

// ---------------------------------------------------------------- the top of a deck (CR 12-2)
take: amount_take card_descr
amount_take: count                                             -> amount_exact
           | "up to" count                                     -> amount_up_to
           | "all"                                             -> amount_all
           | "any number of"                                   -> amount_any
card_descr: adjective* families? card_noun
?card_noun: noun_spirit_card | noun_magic_card | noun_nexus_card | noun_any_card
noun_spirit_card: "spirit card" | "spirit cards"
noun_magic_card: "magic card" | "magic cards"
noun_nexus_card: "nexus card" | "nexus cards"
noun_any_card: "card" | "cards"
rest_it: "discard it"                                          -> rest_trash
       | ("return" | "place" | "put") "it" ("to" | "on") "the top of your deck" -> rest_top
       | ("return" | "place" | "put") "it" ("to" | "on") "the bottom of your deck" -> rest_bottom
rest_cards: ("return" | "place" | "put") ("the" | "any") "remaining cards" "to the bottom of your deck" ("in any order")? -> rest_bottom
          | ("return" | "place" | "put") ("the" | "any") "remaining cards" "on the bottom of your deck" ("in any order")? -> rest_bottom
          | ("return" | "place" | "put") ("the" | "any") "remaining cards" ("to" | "on") "the top of your deck" "in any order" -> rest_top_any
          | ("return" | "place" | "put") ("the" | "any") "remaining cards" ("to" | "on") "the top of your deck" -> rest_top
          | "discard the remaining cards"                      -> rest_trash
          | "discard any remaining cards"                      -> rest_trash
          | "shuffle the remaining cards into your deck"       -> rest_shuffle

// ---------------------------------------------------------------- selections (CR 8-5-3)
select_act: "select" selection "and" verb_on_it
select_only: "select" selection
select_and: "select" selection ("and" | ", and") then_on_it
?then_on_it: summon_it | core_to_card | bp_change | level_set | gains_keyword | cannot | cannot_be_blocked | core_remove
their_select: "your opponent selects" selection
their_select_act: "your opponent selects" selection "and" their_verb it
their_verb: "destroys"                                        -> v_destroy
          | "exhausts"                                        -> v_exhaust
it_verb: verb_on_it

selection: amount "of" owner descr filters?                    -> sel_of
         | amount descr filters?                               -> sel_plain
         | amount "of" owner descr "with a combined total of" NUMBER "or fewer bp" -> sel_total_bp
         | "an opponent's" descr filters?                      -> sel_an_opponents
         | "your opponent's" descr filters?                    -> sel_an_opponents
         | amount card_descr filters? place_from filters?      -> sel_trash
         | amount "of" owner card_descr filters? place_from filters? -> sel_trash_of

place_from: ("from" | "in") "your trash"

amount: count                                                 -> amount_count
      | "up to" count                                         -> amount_up_to
      | "any number"                                          -> amount_any
owner: "your opponent's"                                      -> owner_opponent
     | "your opponents"                                       -> owner_opponent
     | "your"                                                 -> owner_you
     | "their"                                                -> owner_their
descr: adjective* families? kind_word
families: FAMILY ((("," | "or" | ", or" | "and" | ", and") FAMILY))*
adjective: "exhausted"                                        -> adj_exhausted
         | "refreshed"                                        -> adj_refreshed
         | "other"                                            -> adj_other
         | "token"                                            -> adj_token
         | COLOUR                                             -> adj_colour
         | "lv" NUMBER                                        -> adj_level
?kind_word: kind_spirit | kind_nexus
kind_spirit: "spirits" | "spirit"
kind_nexus: "nexuses" | "nexus"
filters: filter+
filter: "with" NUMBER "or fewer bp"                           -> f_bp_max
      | "with" NUMBER "or less bp"                            -> f_bp_max
      | "with" NUMBER "bp or less"                            -> f_bp_max
      | "with" NUMBER "or more bp"                            -> f_bp_min
      | "with" NUMBER "bp or more"                            -> f_bp_min
      | ("that costs" | "that cost" | "with a cost of") NUMBER ("or fewer" | "or less") -> f_cost_max
      | ("that costs" | "that cost" | "with a cost of") NUMBER "or more" -> f_cost_min
      | ("that costs" | "that cost") NUMBER                   -> f_cost_exact
      | ("that costs" | "that cost") NUMBER "or" NUMBER        -> f_costs
      | "with" QUOTED "in" ("its" | "their") "card" ("name" | "names") -> f_name_has
      | ("that is" | "that are") "lv" NUMBER "or lower"       -> f_level_max
      | "with" KEYWORD                                        -> f_keyword
      | "with" KEYWORD "or" KEYWORD                           -> f_keywords
      | ("with a" | "that has a") QUOTED on_it                -> f_soul_core
      | "without a" QUOTED on_it                              -> f_no_soul_core
      | ("with" | "that has") "only"? NUMBER core_word on_it? -> f_cores_exact
      | ("with" | "that has") NUMBER ("or fewer" | "or less") core_word on_it? -> f_cores_max
      | ("with" | "that has") NUMBER "or more" core_word on_it? -> f_cores_min
on_it: "on it" | "on them"

verb_on_it: verb_word it                                      -> verb_on
          | "return" it "to" hand_of                          -> bounce_on
          | "return" it "to the bottom of" deck_of            -> bottom_on
          | "return" it "to the top of" deck_of               -> top_on
          | "remove" count core_word "from" it "and place" it "into" core_to -> remove_on
verb_word: "destroy"                                          -> v_destroy
         | "exhaust"                                          -> v_exhaust
         | "refresh"                                          -> v_refresh
hand_of: "their hand" | "its owner's hand" | "your hand" | "their owner's hand" | "their owners' hands" | "their hands"
deck_of: "their deck" | "its owner's deck" | "your deck" | "their owner's deck" | "their owners' decks"
it: "it" | "them" | "that spirit" | "those spirits" | "both spirits" | "that card" | "the selected spirit" | "the selected spirits"
?core_to: to_reserve | to_trash | to_void | to_your_reserve
to_reserve: "their reserve" | "your opponent's reserve" | "its owner's reserve" | "their owner's reserve" | "their owners' reserves"
to_trash: "their trash" | "your opponent's trash" | "its owner's trash" | "their owner's trash"
to_void: "the void"
to_your_reserve: "your reserve"

core_remove: ("remove" | "place") count core_word "from" it "into" core_to -> remove_from_it
           | "remove" count "of its cores and place" it "into" core_to -> remove_of_its
           | "remove all but" count core_word "from" it "and place" it "into" core_to -> keep_on_it
           | "remove" count core_word ("each from all of" | "from each of" | "from all of") owner descr filters? "and place" it "into" core_to -> remove_each
           | "remove" count core_word ("each from all" | "from each") descr filters? "and place" it "into" core_to -> remove_each_any

self_verb: verb_word "this spirit"                            -> verb_this
         | "return this spirit to" hand_of                    -> bounce_this
         | verb_word "this nexus"                             -> verb_this
verb_sel: verb_word amount "of" owner descr filters?           -> verb_sel
        | verb_word "any of" owner descr filters?             -> verb_any
all_verb: verb_word "all of" owner descr filters?             -> verb_all
        | verb_word "all" descr filters?                      -> verb_all_any
        | "return all of" owner descr filters? "to" hand_of   -> bounce_all
        | "return all" descr filters? "to" hand_of            -> bounce_all_any

// ---------------------------------------------------------------- "without paying its cost" (CR 10-6-1)
summon_free: ("summon" | "place") amount card_descr filters? from_zone filters? free_cost
summon_it: ("summon" | "place") it free_cost
from_zone: ("from" | "in") "your hand"                         -> zone_hand
         | ("from" | "in") "your trash"                        -> zone_trash
free_cost: "without paying" ("its" | "their") ("cost" | "costs")

// ---------------------------------------------------------------- BP and level (CR 8-8-1-3)
bp_change: subject ("gains" | "gain") NUMBER "bp" per? duration?
         | duration ","? subject ("gains" | "gain") NUMBER "bp" per? -> bp_change_dur_first
per: ("for each" | "for every") descr filters? ("you control" | "on your field") -> per_yours
   | ("for each" | "for every") descr filters? ("your opponent controls" | "on your opponent's field" | "they control") -> per_theirs
   | ("for each" | "for every") families "you control"         -> per_families
   | ("for each" | "for every") "card in your hand"           -> per_hand
   | ("for each" | "for every") "core on" ("it" | "this spirit" | "them") -> per_cores
bp_reduce: "reduce" possessive "bp by" NUMBER duration?
bp_reduce_by: "reduce" subject "by" NUMBER "bp" per? duration?  -> bp_reduce_of
bp_lose: subject ("loses" | "lose") NUMBER "bp" duration?
bp_reduce_of: "reduce the bp of" subject "by" NUMBER per? duration?
            | duration ","? "reduce the bp of" subject "by" NUMBER per? -> bp_reduce_of_dur_first
level_set: "treat" subject "as lv" NUMBER duration?
         | "treat" subject "as a lv" NUMBER "spirit" duration?
         | "treat" subject "as" ("its" | "their") "highest level" duration? -> level_top
         | subject ("is" | "are") ("treated as" | "treated as being") ("its" | "their") "highest level" duration? -> level_top
         | subject ("is" | "are") "treated as lv" NUMBER duration? -> level_set_passive
recover_it: "return" it "from your trash to your hand"           -> recover_it
          | "return this card from your trash to your hand"     -> recover_this
subject: it                                                   -> subj_it
       | ("the blocking spirit" | "your opponent's blocking spirit") -> subj_blocker
       | "this spirit"                                        -> subj_this
       | "all of" owner descr filters?                        -> subj_all
       | owner descr filters?                                 -> subj_owner_all
       | descr filters?                                       -> subj_any_all
?possessive: poss_it | poss_this
poss_it: "its" | "their"
poss_this: "this spirit's"
duration: "during this turn"                                  -> dur_turn
        | "for this turn"                                     -> dur_turn
        | "until the end of" ("the" | "this") "turn"          -> dur_turn
        | "during this battle"                                -> dur_battle
        | "during the battle"                                 -> dur_battle
        | "until the end of" ("the" | "this") "battle"        -> dur_battle

gains_keyword: subject ("gains" | "gain") KEYWORD duration?
             | duration ","? subject ("gains" | "gain") KEYWORD -> gains_keyword_dur_first
             | subject ("gains" | "gain") KEYWORD ":"? NUMBER duration?     -> gains_keyword_value
             | subject ("gains" | "gain") KEYWORD ":" COLOUR (","? "and"? COLOUR)* duration? -> gains_armor
gains_keyword_and_bp: subject ("gains" | "gain") KEYWORD "and" NUMBER "bp" duration?
gains_bp_and_keyword: subject ("gains" | "gain") NUMBER "bp and" KEYWORD duration?

cannot: subject ("cannot" | "can't") CANNOT_WHAT ("your opponent's spirits" | "your opponent's spirit")? duration?
      | subject ("cannot" | "can't") CANNOT_WHAT "or" CANNOT_WHAT duration? -> cannot_either
cannot_be_blocked: subject ("cannot" | "can't") "be blocked" blockers? duration?
                 | duration ","? subject ("cannot" | "can't") "be blocked" blockers? -> cannot_be_blocked
blockers: "by" owner descr filters?                           -> blockers_of
        | "by" descr filters?                                 -> blockers_any

// ---------------------------------------------------------------- cores (CR 4-5, 10-5)
core_to_card: "place" count core_word "from the void" ("onto" | "on") core_dest
            | "place" count core_word "from the void" "each" ("onto" | "on") core_dest
core_dest: it                                                 -> cd_it
         | "this spirit"                                      -> cd_this
         | "this nexus"                                       -> cd_this
         | "each of them"                                     -> cd_it
         | "each of" owner descr                              -> cd_each
void_cores: "place" count core_word "from the void into your" RESERVE_OR_TRASH
void_to_life: "place" count core_word "from the void into your life"
            | "place" count core_word "from your reserve into your life" -> reserve_to_life
life_damage: "remove" count core_word "from your opponent's life and place" it "into their reserve"
           | ("place" | "send") count core_word "from your opponent's life into their reserve"

// ---------------------------------------------------------------- costs ("you may ... to ...", CR 8-4)
cost_part: "exhaust this spirit"                              -> cost_exhaust_this
         | "exhaust this nexus"                               -> cost_exhaust_this
         | "pay" count core_word "from your reserve"?           -> cost_pay
         | "send" count core_word ("from your reserve" ("to your trash")?)? -> cost_pay
         | "remove" count core_word "from this spirit" ("and place" it "into your reserve")? -> cost_core_this
         | "exhaust" count "of your" descr filters?            -> cost_exhaust_yours
         | "pay" count core_word ("from this spirit" | "from this nexus") -> cost_pay_own_cores
         | "destroy this nexus"                               -> cost_destroy_this
         | "destroy this spirit"                              -> cost_destroy_this
         | "destroy" count "of your" descr filters?            -> cost_destroy_yours
         | "discard" count card_descr ("from your hand")?      -> cost_discard_of

// ---------------------------------------------------------------- conditions
condition: "you have" NUMBER ("or fewer" | "or less") "life"  -> c_life_max
         | "your opponent has" NUMBER ("or fewer" | "or less") "life" -> c_opp_life_max
         | ("this spirit has a" | "it has a") QUOTED "on it"  -> c_soul_core
         | "you spend a" QUOTED "as part of" own_cost         -> c_soul_paid
         | "you have" NUMBER ("or fewer" | "or less") "cards in your hand" -> c_hand_max
         | "you have" NUMBER "or more cards in your hand"     -> c_hand_min
         | "you control" count descr filters?                 -> c_control
         | "you control" NUMBER "or more" descr filters?      -> c_control_min
         | "you control" NUMBER ("or fewer" | "or less") descr filters? -> c_control_max
         | "you only have" NUMBER ("or fewer" | "or less") descr filters? ("on your field")? -> c_control_max
         | "your opponent controls" count descr filters?      -> c_opp_control
         | "you have" NUMBER "or more" COLOUR "symbols" ("on your field")? -> c_symbols_min
         | "you have" count COLOUR "symbol" ("on your field")? -> c_symbol
         | "you have" NUMBER "or more symbols" ("on your field")? -> c_symbols_any_min
         | "your opponent has" NUMBER "or more cards in their trash" -> c_opp_trash_min
         | count card_descr filters? ("is in your trash" | "are in your trash") -> c_in_trash
         | "you have" NUMBER "or more life"                   -> c_life_min
         | "your opponent has" NUMBER "or more life"          -> c_opp_life_min
         | "it is your turn"                                  -> c_your_turn
         | "it is your opponent's turn"                       -> c_opp_turn
         | "your opponent controls" NUMBER "or more" descr filters? -> c_opp_control_min
         | "your opponent has" count descr filters? ("on their field")? -> c_opp_control
         | ("you do not" | "you don't") "control" ("a" | "an" | "any") descr filters? -> c_control_none
         | "you control no" descr filters?                    -> c_control_none
         | "your opponent" ("does not" | "doesn't") "control" ("a" | "an" | "any") descr filters? -> c_opp_control_none

own_cost: "this spirit's summoning cost" | "this card's summoning cost" | "this card's cost" | "this nexus's cost"
core_word: "core" | "cores"
card_word: "card" | "cards"
count: NUMBER                                                 -> number
     | "a"                                                    -> one
     | "an"                                                   -> one
TIMING.2: /(main|flash)\b/
NUMBER: /[0-9]+/
COLOUR.2: /(red|purple|green|white|yellow|blue)\b/
KEYWORD.2: /(confront|luster|blessed|curse|awaken|swift|atfield|armor|crush|gale|raid|ascend|astral)\b/
CANNOT_WHAT.2: /(attack|block)\b/
RESERVE_OR_TRASH.2: /(reserve|trash)\b/
QUOTED.2: /q[0-9]+\b/
FAMILY.2: /f[0-9]+\b/
WORD: /[a-z][a-z']*/
_unknown_word: WORD  // never reached: every word lexes, so an unknown one fails the parse, not the lexer

%import common.WS
%ignore WS
"""


def _split_one(m: re.Match) -> str:
    words = m.group(1).replace(",", " , ").split()
    joined = " ".join(f'"{w}"' for w in words)
    return f"({joined})" if len(words) > 1 else joined  # grouped: a "?" after it applies to all its words


def _split_literals(source: str) -> str:
    """"your opponent's" -> ("your" "opponent's"), outside terminal definitions (UPPER: ...) and regexes."""
    out = []
    for line in source.splitlines():
        if re.match(r"\s*[A-Z_]+\s*:", line) or line.strip().startswith("//"):
            out.append(line)
            continue
        out.append(re.sub(r'"([^"]+)"', _split_one, line))
    return "\n".join(out)


def grammar() -> str:
    """The core grammar above, then each template family's rules (templates/, joined with `%extend`)."""
    return _split_literals("\n".join([_SOURCE, *GRAMMARS]))
