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

        impl $crate::ir::entity::EntityRef for $name {
            fn index(self) -> usize {
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

/// An index type a `Table` can be keyed by.
pub trait EntityRef: Copy {
    fn index(self) -> usize;
}

/// A side table: one `V` per entity `K`, indexed by the entity itself, so
/// a table of blocks cannot be read with an instruction (the
/// `SecondaryMap` of `cranelift-entity`, sized once rather than grown).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table<K, V> {
    items: Vec<V>,
    key: std::marker::PhantomData<K>,
}

impl<K: EntityRef, V> Table<K, V> {
    /// A table of `len` entries, each `fill`.
    pub fn new(len: usize, fill: V) -> Self
    where
        V: Clone,
    {
        Table {
            items: vec![fill; len],
            key: std::marker::PhantomData,
        }
    }

    /// A table of `len` entries, entry `k` made by `make(k)`.
    pub fn from_fn(len: usize, make: impl FnMut(usize) -> V) -> Self {
        Table {
            items: (0..len).map(make).collect(),
            key: std::marker::PhantomData,
        }
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

impl<K: EntityRef, V> std::ops::Index<K> for Table<K, V> {
    type Output = V;
    fn index(&self, k: K) -> &V {
        &self.items[k.index()]
    }
}

impl<K: EntityRef, V> std::ops::IndexMut<K> for Table<K, V> {
    fn index_mut(&mut self, k: K) -> &mut V {
        &mut self.items[k.index()]
    }
}
