//! Parallel moves between general registers: the arguments of a call going
//! into the argument registers, and the parameters at a function's entry
//! going from them to their homes. All moves of a set read their sources
//! before any destination changes, so they are ordered: a move goes once
//! no other pending move still reads its destination, and a cycle (the
//! swap problem, as in SSA destruction) is broken by saving one of its
//! registers in a scratch register first (Briggs et al., "Practical
//! improvements to the construction and destruction of static single
//! assignment form", 1998, section 4; Boissinot et al., "Revisiting
//! out-of-SSA translation for correctness, code quality, and efficiency",
//! 2009, algorithm 1).

/// Orders the moves `(destination, source)`, whose destinations are
/// distinct and never `scratch`, into a sequence of single moves with the
/// same effect, using `scratch` for cycles. Moves from a register to
/// itself are dropped.
pub(in crate::backend) fn sequence<R: Copy + PartialEq>(
    moves: &[(R, R)],
    scratch: R,
) -> Vec<(R, R)> {
    debug_assert!(moves.iter().all(|&(d, _)| d != scratch));
    let mut pending: Vec<(R, R)> = moves.iter().copied().filter(|&(d, s)| d != s).collect();
    let mut out = Vec::with_capacity(pending.len() + 1);
    while !pending.is_empty() {
        let free = pending
            .iter()
            .position(|&(d, _)| pending.iter().all(|&(_, s)| s != d));
        match free {
            Some(k) => out.push(pending.swap_remove(k)),
            None => {
                // Every destination is still to be read: all pending moves
                // lie on cycles. Save one source; its readers read the copy.
                let (_, saved) = pending[0];
                out.push((scratch, saved));
                for m in &mut pending {
                    if m.1 == saved {
                        m.1 = scratch;
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::sequence;
    use proptest::prelude::*;

    /// Runs `moves` in parallel and `sequence(moves)` one by one on the
    /// same register file and compares the destinations.
    fn agrees(moves: &[(u8, u8)], scratch: u8) {
        let start: Vec<u64> = (0..16).map(|r| 1000 + r).collect();
        let mut parallel = start.clone();
        for &(d, s) in moves {
            parallel[d as usize] = start[s as usize];
        }
        let mut serial = start.clone();
        for (d, s) in sequence(moves, scratch) {
            serial[d as usize] = serial[s as usize];
        }
        for &(d, _) in moves {
            assert_eq!(serial[d as usize], parallel[d as usize], "{moves:?}");
        }
        for r in 0..16u8 {
            if r != scratch && moves.iter().all(|&(d, _)| d != r) {
                assert_eq!(
                    serial[r as usize], start[r as usize],
                    "r{r} kept, {moves:?}"
                );
            }
        }
    }

    #[test]
    fn a_swap_and_a_rotation_go_through_the_scratch_register_once() {
        agrees(&[(6, 7), (7, 6)], 0);
        assert_eq!(sequence(&[(6, 7), (7, 6)], 0).len(), 3);
        agrees(&[(6, 7), (7, 8), (8, 6)], 0);
        assert_eq!(sequence(&[(6, 7), (7, 8), (8, 6)], 0).len(), 4);
    }

    #[test]
    fn a_chain_needs_no_scratch_and_self_moves_vanish() {
        let moves = [(6, 7), (7, 8), (8, 9), (10, 10)];
        agrees(&moves, 0);
        let seq = sequence(&moves, 0);
        assert_eq!(seq.len(), 3);
        assert!(seq.iter().all(|&(d, s)| d != 0 && s != 0));
    }

    #[test]
    fn one_source_feeds_several_destinations() {
        agrees(&[(6, 7), (8, 7), (7, 6)], 0);
    }

    proptest! {
        /// Any destinations among six registers, any sources among eight.
        #[test]
        fn any_set_of_moves_keeps_its_meaning(
            sources in proptest::collection::vec(6u8..14, 6),
            take in proptest::collection::vec(any::<bool>(), 6),
        ) {
            let moves: Vec<(u8, u8)> = (6u8..12)
                .zip(sources)
                .zip(take)
                .filter(|&(_, t)| t)
                .map(|(m, _)| m)
                .collect();
            agrees(&moves, 0);
        }
    }
}
