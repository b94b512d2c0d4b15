# Cython declarations for state_config.py (compiled build; the .py stays the source of truth).
# state.pxd cimports StateConfig so the throw-in states read these fields as C fields.
cdef class StateConfig:
    cdef public long hand_size
    cdef public object lead_enum, lead_check, throw_in
    cdef public bint others_join, transfer, show
    cdef public long limit_first, limit_later, lowest_rank
    cdef public bint attack_again, one_pack
    cdef public object attackers_key, team_of, teams, house, pagat, six
    cdef public object poker, weli, changeable, jokers
    cdef public list orders
    cdef public dict attackers, beats
