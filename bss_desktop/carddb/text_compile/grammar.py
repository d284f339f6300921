"""The lark grammar of the templated phrases of card text (a Python string, so every install and bundle has it)."""

GRAMMAR = r"""
// The templated phrases of Battle Spirits Saga card text, one sentence at a time.
//
// The text is normalised before parsing (normalise.py): lower case outside quotes, number words and "10,000" as
// digits, quoted names as QUOTED, known family names as FAMILY. Each rule's semantics is in sentences.py
// (the transformer method of the same name).

start: sentence "."?

?sentence: statement
         | "if" condition ","? statement                  -> if_first
         | statement "if" condition                       -> if_last
         | "you may" statement                            -> may
         | "if you do" ","? statement                     -> if_done
         | "then" ","? statement                          -> then
         | "you may then pay this card's cost to activate its" TIMING "effect" -> then_use
         | "draw" COUNT card_word "if" condition            -> draw_if

?statement: action
          | action ("," | "and" | ", and" | ", then" | "and then") statement -> seq

?action: draw | discard_hand | mill | select_act | select_only | verb_it | bp_change | bp_reduce | level_set
       | core_to_card | void_to_reserve | void_to_life | life_damage | cannot | gains_keyword | exhaust_this
       | refresh_this | destroy_all | bp_all

// ---------------------------------------------------------------- cards and decks (CR 10-2)
draw: "draw" COUNT card_word
discard_hand: "discard" COUNT card_word ("from your hand")?
mill: "discard the top" COUNT? card_word "of" whose_deck
whose_deck: "your deck"                                   -> deck_you
          | "your opponent's deck"                        -> deck_opponent

// ---------------------------------------------------------------- selections (CR 8-5-3)
select_act: select_head "and" verb_on_it
select_only: select_head
select_head: "select" selection

selection: amount "of" owner descr filters?              -> sel_of
         | amount descr filters?                          -> sel_plain
         | "any number of" owner descr "with a combined total of" NUMBER "or fewer bp" -> sel_total_bp

amount: COUNT                                            -> amount_count
      | "up to" COUNT                                    -> amount_up_to
      | "any number"                                     -> amount_any
owner: "your opponent's"                                 -> owner_opponent
     | "your"                                            -> owner_you
     | "their"                                           -> owner_their
descr: adjective* FAMILY? kind_word
adjective: "exhausted"                                   -> adj_exhausted
         | "refreshed"                                   -> adj_refreshed
         | "other"                                       -> adj_other
         | "token"                                       -> adj_token
         | COLOUR                                        -> adj_colour
kind_word: SPIRIT_WORD                                   -> kind_spirit
         | NEXUS_WORD                                    -> kind_nexus
?filters: filter ("and" filter)*
filter: "with" NUMBER "or fewer bp"                      -> f_bp_max
      | "with" NUMBER "or more bp"                       -> f_bp_min
      | "with" NUMBER "bp or less"                       -> f_bp_max
      | "that costs" NUMBER "or fewer"                   -> f_cost_max
      | "that cost" NUMBER "or fewer"                    -> f_cost_max
      | "that costs" NUMBER "or more"                    -> f_cost_max_more
      | "that cost" NUMBER "or more"                     -> f_cost_max_more
      | "with" COUNT "symbol"                            -> f_symbols
      | "with" QUOTED "in its card name"                 -> f_name_has
      | "with" QUOTED "in their card names"              -> f_name_has
      | "that is lv" NUMBER "or lower"                   -> f_level_max

?verb_on_it: verb_it_word IT                            -> verb_on
           | "return" IT "to" hand_of                   -> bounce_on
           | "return" IT "to the bottom of" deck_of     -> bottom_on
           | "return" IT "to the top of" deck_of        -> top_on
verb_it_word: "destroy"                                 -> v_destroy
            | "exhaust"                                 -> v_exhaust
            | "refresh"                                 -> v_refresh
hand_of: "their hand" | "its owner's hand" | "your hand" | "their owner's hand" | "their owners' hands"
deck_of: "their deck" | "its owner's deck" | "your deck" | "their owner's deck" | "their owners' decks"
IT: "it" | "them" | "that spirit" | "those spirits" | "both spirits"

verb_it: verb_on_it                                     -> it_verb
exhaust_this: "exhaust this spirit"
refresh_this: "refresh this spirit"
destroy_all: "destroy all of" owner descr filters?
bp_all: "all of" owner descr "gain" NUMBER "bp" duration?

// ---------------------------------------------------------------- BP and level (CR 8-8-1-3)
bp_change: subject ("gains" | "gain") NUMBER "bp" duration?
bp_reduce: "reduce" possessive "bp by" NUMBER duration?
         | "reduce the bp of" bp_of "by" NUMBER duration? -> bp_reduce_of
bp_of: "all of" owner descr filters?                     -> bp_of_all
level_set: "treat" it_or_this "as lv" NUMBER duration?
subject: IT                                             -> subj_it
       | "this spirit"                                  -> subj_this
       | "all of" owner descr                           -> subj_all
possessive: "its"                                       -> poss_it
          | "their"                                     -> poss_it
          | "this spirit's"                             -> poss_this
it_or_this: IT                                          -> subj_it
          | "this spirit"                               -> subj_this
duration: "during this turn"                            -> dur_turn
        | "during this battle"                          -> dur_battle
        | "until the end of the turn"                   -> dur_turn

gains_keyword: subject ("gains" | "gain") KEYWORD duration?

cannot: subject_can ("cannot" | "can't") CANNOT_WHAT duration?
subject_can: IT                                         -> subj_it
           | "this spirit"                              -> subj_this
CANNOT_WHAT: "attack" | "block"

// ---------------------------------------------------------------- cores (CR 4-5, 10-5)
core_to_card: "place" COUNT core_word "from the void" ("onto" | "on") core_dest
core_dest: IT                                           -> cd_it
         | "this spirit"                                -> cd_this
         | "each of them"                               -> cd_it
void_to_reserve: "place" COUNT core_word "from the void into your" RESERVE_OR_TRASH
void_to_life: "place" COUNT core_word "from the void into your life"
RESERVE_OR_TRASH: "reserve" | "trash"
life_damage: "remove" COUNT core_word "from your opponent's life and place" IT_CORES "into their reserve"
           | "place" COUNT core_word "from your opponent's life into their reserve"
IT_CORES: "it" | "them"

// ---------------------------------------------------------------- conditions
condition: "you have" NUMBER "or fewer life"            -> c_life_max
         | "you have" NUMBER "or less life"             -> c_life_max
         | "your opponent has" NUMBER "or fewer life"   -> c_opp_life_max
         | "this spirit has a" QUOTED "on it"           -> c_soul_core
         | "you have" NUMBER "or fewer cards in your hand" -> c_hand_max
         | "you have" NUMBER "or more cards in your hand" -> c_hand_min

core_word: "core" | "cores"
card_word: "card" | "cards"
SPIRIT_WORD: "spirits" | "spirit"
NEXUS_WORD: "nexuses" | "nexus"
TIMING: "main" | "flash"
COUNT: /[0-9]+/ | "a" | "an"
NUMBER: /[0-9]+/
COLOUR: "red" | "purple" | "green" | "white" | "yellow" | "blue"
KEYWORD: "confront" | "luster" | "blessed" | "curse" | "awaken" | "swift" | "a.t. field" | /(crush|gale|raid)( ?[+]?[0-9]+)?/ | "armor"
QUOTED: /q[0-9]+/
FAMILY: /f[0-9]+/

%import common.WS
%ignore WS
"""
