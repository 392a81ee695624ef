//! Small typed indices into arenas (the `cranelift-entity` idea): a `Block`
//! can never be used where an `Inst` is meant, and each is four bytes.

macro_rules! entity {
    ($(#[$doc:meta])* $name:ident, $prefix:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
        pub struct $name(pub u32);

        impl $name {
            #[allow(dead_code)]
            pub fn new(index: usize) -> Self {
                $name(index as u32)
            }

            pub fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

pub(crate) use entity;

entity!(
    /// A basic block.
    Block,
    "b"
);
entity!(
    /// An instruction of the IR.
    Inst,
    "i"
);
entity!(
    /// An SSA value (after SSA destruction, a variable).
    Value,
    "v"
);
entity!(
    /// A call the inliner replaced by its callee's body (`ir::InlineSite`).
    InlineId,
    "inl"
);
