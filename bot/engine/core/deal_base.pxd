# Cython declarations for deal_base.py (compiled build; the .py stays the source of truth).
# ThrowInState (state.pxd) extends this type; WarsawState is a Python subclass.
# Card ids and masks stay Python ints (up to 192 bits); seats, counts, versions are C longs.
import cython

cdef class DealBase:
    cdef public object rules
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
    cdef public long attacker, defender
    cdef public long passed
    cdef public object phase
    cdef public long exchange_holder
    cdef public object outcome
    cdef public bint later_deal
    cdef public object prev_fool
    cdef public long first_attacker_seat
    cdef public long version
    cdef public long _lc_key
    cdef public list _lc

    @cython.locals(lc=list, seat=cython.long)
    cpdef apply(self, action)

    cpdef apply_unchecked(self, action)
