//! Flag conditions, as conditional jumps, `setcc` and `cmovcc` encode
//! them (the low nibble of `0x70 + cc`).

/// A condition on the flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cond {
    /// Equal (ZF).
    E,
    Ne,
    /// Signed less.
    L,
    Le,
    G,
    Ge,
    /// Unsigned above (CF and ZF clear); what `ucomisd` reports as
    /// "greater", false for an unordered pair.
    A,
    Ae,
    B,
    Be,
}

impl Cond {
    /// The condition's number in the `Jcc`, `SETcc` and `CMOVcc` opcodes.
    pub const fn code(self) -> u8 {
        match self {
            Cond::E => 0x4,
            Cond::Ne => 0x5,
            Cond::L => 0xc,
            Cond::Le => 0xe,
            Cond::G => 0xf,
            Cond::Ge => 0xd,
            Cond::A => 0x7,
            Cond::Ae => 0x3,
            Cond::B => 0x2,
            Cond::Be => 0x6,
        }
    }

    /// The condition that holds exactly when this one does not.
    pub const fn negated(self) -> Cond {
        match self {
            Cond::E => Cond::Ne,
            Cond::Ne => Cond::E,
            Cond::L => Cond::Ge,
            Cond::Le => Cond::G,
            Cond::G => Cond::Le,
            Cond::Ge => Cond::L,
            Cond::A => Cond::Be,
            Cond::Ae => Cond::B,
            Cond::B => Cond::Ae,
            Cond::Be => Cond::A,
        }
    }

    /// The condition on `b ? a` that says what this one says of `a ? b`.
    pub const fn swapped(self) -> Cond {
        match self {
            Cond::E | Cond::Ne => self,
            Cond::L => Cond::G,
            Cond::Le => Cond::Ge,
            Cond::G => Cond::L,
            Cond::Ge => Cond::Le,
            Cond::A => Cond::B,
            Cond::Ae => Cond::Be,
            Cond::B => Cond::A,
            Cond::Be => Cond::Ae,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Cond::{self, *};

    const ALL: [Cond; 10] = [E, Ne, L, Le, G, Ge, A, Ae, B, Be];

    /// The flags of `cmp a, b` and whether each condition holds of them,
    /// as the manual defines it, against what the condition means.
    fn holds(c: Cond, a: i64, b: i64) -> bool {
        let (ua, ub) = (a as u64, b as u64);
        match c {
            E => a == b,
            Ne => a != b,
            L => a < b,
            Le => a <= b,
            G => a > b,
            Ge => a >= b,
            A => ua > ub,
            Ae => ua >= ub,
            B => ua < ub,
            Be => ua <= ub,
        }
    }

    #[test]
    fn negation_and_swapping_agree_with_the_meaning() {
        let values = [i64::MIN, -2, -1, 0, 1, 2, i64::MAX];
        for c in ALL {
            assert_eq!(c.negated().negated(), c);
            assert_eq!(c.swapped().swapped(), c);
            // Negation flips the low bit of the code.
            assert_eq!(c.negated().code(), c.code() ^ 1);
            for a in values {
                for b in values {
                    assert_eq!(holds(c.negated(), a, b), !holds(c, a, b));
                    assert_eq!(holds(c.swapped(), b, a), holds(c, a, b));
                }
            }
        }
    }
}
