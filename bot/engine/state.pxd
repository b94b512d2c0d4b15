# Cython declarations for state.py (the .py stays the source of truth; see README "Compiled build").
# Card ids and card masks stay Python ints (``1 << card`` needs up to 192 bits, and a C shift
# of the literal 1 is a 32-bit int shift); only seats, counts and versions are C integers.
# The one-pack fast paths (``cython.compiled and cfg.one_pack``) use unsigned 64-bit masks.
import cython
from bot.engine.deal_base cimport DealBase

cdef extern from *:
    int _ctz64 "__builtin_ctzll" (unsigned long long x) nogil
    int _popcount64 "__builtin_popcountll" (unsigned long long x) nogil

cdef class _Config:
    cdef public long hand_size
    cdef public object lead_enum, lead_check, throw_in
    cdef public bint others_join, transfer, show
    cdef public long limit_first, limit_later, lowest_rank
    cdef public bint attack_again, one_pack
    cdef public object attackers_key, team_of, teams, house, state_cls, pagat, six
    cdef public object poker, weli, changeable, jokers
    cdef public list orders
    cdef public dict attackers, beats

cdef class GameState(DealBase):
    cdef public object rules
    cdef public _Config cfg
    cdef public list beaters
    cdef public object deck_mask, seed
    cdef public long dealer, n
    cdef public list hands, known, stock
    # card ids (turnup) and suits stay Python ints: ``1 << turnup`` on a C integer would be
    # a 32-bit shift in C
    cdef public object turnup, trump
    cdef public object discard
    cdef public list attacks, covers, attack_by
    cdef public long n_unc
    cdef public object rank_cards
    cdef public long attacker, defender, att_mask
    cdef public tuple att_list
    cdef public long passed
    cdef public bint taking
    cdef public long limit
    cdef public object shown
    cdef public bint first_bout
    cdef public long bout_no
    cdef public list in_play, out_order
    cdef public object phase
    cdef public long exchange_holder
    cdef public object outcome
    cdef public bint later_deal
    cdef public object prev_fool
    cdef public long first_attacker_seat

    @cython.locals(key=cython.long, n_att=cython.Py_ssize_t, a=cython.long, cover=cython.long,
                   base=cython.long, m64=cython.ulonglong, low64=cython.ulonglong,
                   hand64=cython.ulonglong, i=cython.Py_ssize_t, covers=list, made=dict,
                   b64=cython.ulonglong, singles=list, out=list)
    cpdef list _legal_list(self, long p)

    @cython.locals(n_att=cython.Py_ssize_t, passed=cython.long, only=cython.long, s=cython.long)
    cpdef tuple waiting_on(self)

    @cython.locals(p=cython.long, n_unc=cython.long, one=cython.ulonglong, h64=cython.ulonglong,
                   ci=cython.long)
    cpdef apply_unchecked(self, action)

    @cython.locals(n_att=cython.Py_ssize_t, passed=cython.long, only=cython.long, s=cython.long)
    cpdef bint _all_passed(self)

    @cython.locals(d=cython.long, a=cython.long, key=cython.long, t64=cython.ulonglong,
                   n_att=cython.Py_ssize_t, i=cython.Py_ssize_t, cc=cython.long,
                   one=cython.ulonglong, attacks=list, covers=list, cards=list)
    cpdef tuple _end_bout(self, bint taken)

    @cython.locals(n=cython.long, s=cython.long, remaining=cython.long, att=cython.long,
                   de=cython.long, key=cython.long, held=cython.long, base=cython.long)
    cpdef tuple _close_bout(self, long a, long d, bint taken, list events)

    @cython.locals(s=cython.long, need=cython.Py_ssize_t, key=cython.long, hs=cython.long)
    cpdef _replenish(self, long a, long d, list events)

    @cython.locals(s=GameState)
    cpdef clone(self)
