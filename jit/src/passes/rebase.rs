//! Rows indexed from their machine addresses in the unchecked copies of
//! versioned loops: a strength reduction of address arithmetic, on the
//! out-of-SSA IR with its register homes, after `bounds` and `fill`.
//!
//! A row reached through a pointer (`add %e, %row, %j` then `load %x,
//! [%e]`: a matrix's row, a record's fields) costs an `lea` per access
//! even where a loop's guard has taken its check away, since an x86
//! address has one scaled index and `[r14 + cell * 8]` spends it on the
//! cell: `lea rdi, [rbx + rsi]`, then `movsd xmm4, [r14 + rdi * 8]`. gcc
//! keeps `&row[0]` in a register and indexes it (its induction-variable
//! optimizations, `ivopts`). Here a loop's base qualifies when
//!
//! - it is one of the guard's bases (`VersionedLoop::bases`:
//!   loop-invariant, and held to `[0, 2^31)` by the guard, so its machine
//!   address `r14 + 8 * base` converts back exactly);
//! - it lives in a general register;
//! - the loop reads it only as an operand of the cell of accesses its
//!   guard leaves unchecked (`[%row + %j]`, `[%row + k]`), or through
//!   `add`s made only for such cells with a constant offset
//!   (`[(%row + %j) + k]`), and never as an index of another base's;
//! - through an `add`, each access comes after it in its block with the
//!   index still in its register (a constant, or a register value live
//!   just before the access): the access reads the index where the `add`
//!   did, the `add` being left out;
//!
//! and the loop holds no versioned loop, no fill, and nothing but
//! arithmetic, moves, branches, loads and stores (no call, output or depth
//! accounting that could read or clobber a register behind the code's
//! back). The emitter (`backend::rebase`) then puts the row's machine
//! address, as the guard passes, in a register the loop leaves free, or
//! else in the base's own register, converted back on every way out; each
//! access is `[rdi + rsi * 8 + 8k]` with its `add` left out. A trap in the
//! copy ends the program without reading either.

use crate::ir::entity::{Inst, Table, Value};
use crate::ir::{Function, InstKind};
use crate::passes::bounds::VersionedLoop;
use crate::passes::fill::Fill;
use crate::passes::group_checks::Group;
use crate::pipeline::budget::{Bail, Budget};
use crate::regalloc::{Allocation, Home};
use vm::Op;

/// One versioned loop's rows indexed from machine addresses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rebase {
    /// The loop, as an index into the versioned loops.
    pub lp: usize,
    /// The bases whose registers hold machine addresses in the copy.
    pub bases: Vec<Value>,
    /// The accesses made from them, sorted by instruction.
    pub accesses: Vec<Access>,
    /// The `add`s that only made those accesses' cells, sorted: the copy
    /// leaves them out.
    pub addresses: Vec<Inst>,
}

/// An access made from a base's machine address: `[base + index * 8 +
/// disp]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Access {
    pub inst: Inst,
    pub base: Value,
    /// None where the index is a constant, folded into `disp`.
    pub index: Option<Value>,
    /// In bytes.
    pub disp: i32,
}

/// The rows of the `versioned` loops of `f` (none of those in `fills`)
/// that can be indexed from their machine addresses.
pub fn find(
    f: &Function,
    versioned: &[VersionedLoop],
    fills: &[Fill],
    groups: &[Group],
    allocation: &Allocation,
    budget: &mut Budget,
) -> Result<Vec<Rebase>, Bail> {
    let mut found = Vec::new();
    if versioned.is_empty() {
        return Ok(found);
    }
    budget.charge(f.insts.len() as u64)?;
    let reads = f.read_counts();
    let mut bits = Table::new(f.value_count(), None);
    for (k, &v) in allocation.homed.iter().enumerate() {
        if matches!(allocation.homes[v.index()], Some(Home::Gpr(_))) {
            bits[v] = Some(k as u32);
        }
    }
    // Each member of a group of checks with its group's head, to look up.
    let mut heads: Vec<(Inst, Inst)> = groups
        .iter()
        .flat_map(|g| g.members.iter().map(move |&(m, _)| (m, g.head())))
        .collect();
    heads.sort();
    for (lp, l) in versioned.iter().enumerate() {
        let size: usize = l.blocks.iter().map(|&b| f.block(b).insts.len()).sum();
        budget.charge((size * (1 + l.bases.len())) as u64)?;
        if !plain_copy(f, versioned, fills, lp) {
            continue;
        }
        let mut unchecked = l.unchecked.clone();
        unchecked.sort();
        let rows = Rows {
            f,
            l,
            unchecked,
            heads: &heads,
            reads: &reads,
            bits: &bits,
            allocation,
        };
        if let Some(rebase) = rows.rebase(lp) {
            found.push(rebase);
        }
    }
    Ok(found)
}

/// Whether versioned loop `lp`'s unchecked copy may keep a register in
/// a form of its own (`rebase`, `lockstep`): it holds no versioned loop
/// (whose copies nest in it), is no fill, and has only instructions that
/// cannot read a register as a number behind the code's back.
pub(crate) fn plain_copy(
    f: &Function,
    versioned: &[VersionedLoop],
    fills: &[Fill],
    lp: usize,
) -> bool {
    let l = &versioned[lp];
    let nested = versioned
        .iter()
        .enumerate()
        .any(|(k, other)| k != lp && l.contains(other.header));
    !nested && !fills.iter().any(|fill| fill.lp == lp) && only_plain(f, l)
}

/// Whether loop `l` holds only instructions that cannot read a register
/// as a number behind the code's back.
fn only_plain(f: &Function, l: &VersionedLoop) -> bool {
    l.blocks.iter().all(|&b| {
        f.block(b).insts.iter().all(|&i| {
            matches!(
                f.kind(i),
                InstKind::Const(_)
                    | InstKind::Copy(_)
                    | InstKind::Unary(..)
                    | InstKind::Binary(..)
                    | InstKind::Load(..)
                    | InstKind::Store(..)
                    | InstKind::Jump(_)
                    | InstKind::Branch { .. }
                    | InstKind::Select { .. }
            )
        })
    })
}

/// A constant offset a displacement can carry, with room for a sum of two
/// times 8.
fn fits(k: u64) -> bool {
    (-(1i64 << 27)..1 << 27).contains(&(k as i64))
}

/// How a base reaches an access: straight (`[base + other]`), or through
/// an `add` made for it (`[(base + j) + other]`, `other` a constant).
#[derive(Clone, Copy)]
struct Use {
    access: Inst,
    through: Option<(Inst, Value)>,
    other: Value,
}

/// One loop's analysis.
struct Rows<'a> {
    f: &'a Function,
    l: &'a VersionedLoop,
    /// The loop's unchecked accesses, sorted.
    unchecked: Vec<Inst>,
    /// Each grouped access with its group's head, sorted.
    heads: &'a [(Inst, Inst)],
    /// Per value, how many operands anywhere read it.
    reads: &'a Table<Value, u32>,
    /// Per value in a general register, its bit in the allocator's
    /// masks.
    bits: &'a Table<Value, Option<u32>>,
    allocation: &'a Allocation,
}

impl Rows<'_> {
    fn rebase(&self, lp: usize) -> Option<Rebase> {
        let f = self.f;
        let in_register = |v: Value| matches!(self.allocation.homes[v.index()], Some(Home::Gpr(_)));
        let mut chosen: Vec<(Value, Vec<Use>)> = self
            .l
            .bases
            .iter()
            .filter(|&&b| f.constant(b).is_none() && in_register(b))
            .filter_map(|&b| Some((b, self.uses_of(b)?)))
            .collect();
        // An index that is itself a converted base would be read as a
        // number: drop such bases until none is left.
        loop {
            let converted: Vec<Value> = chosen.iter().map(|c| c.0).collect();
            let before = chosen.len();
            chosen.retain(|(_, uses)| {
                uses.iter().all(|u| {
                    !converted.contains(&u.other)
                        && u.through.is_none_or(|(_, j)| !converted.contains(&j))
                })
            });
            if chosen.len() == before {
                break;
            }
        }
        let mut rebase = Rebase {
            lp,
            bases: Vec::new(),
            accesses: Vec::new(),
            addresses: Vec::new(),
        };
        for (base, uses) in chosen {
            let accesses: Option<Vec<Access>> =
                uses.iter().map(|&u| self.access(base, u)).collect();
            let Some(accesses) = accesses else { continue };
            rebase.bases.push(base);
            rebase.accesses.extend(accesses);
            rebase
                .addresses
                .extend(uses.iter().filter_map(|u| u.through.map(|(add, _)| add)));
        }
        rebase.accesses.sort_by_key(|a| a.inst);
        rebase.addresses.sort();
        rebase.addresses.dedup();
        (!rebase.bases.is_empty()).then_some(rebase)
    }

    /// Every read of `base` in the loop as an operand of an unchecked
    /// access's cell, or `None` if some read is anything else (or the
    /// loop writes `base`).
    fn uses_of(&self, base: Value) -> Option<Vec<Use>> {
        let f = self.f;
        let mut uses = Vec::new();
        for &b in &self.l.blocks {
            for &i in &f.block(b).insts {
                if f.inst(i).result == Some(base) {
                    return None;
                }
                match reads(f, i, base) {
                    0 => {}
                    1 => match *f.kind(i) {
                        InstKind::Binary(Op::Add, x, y) => {
                            let j = if x == base { y } else { x };
                            uses.extend(self.through_add(i, j)?);
                        }
                        _ => uses.push(Use {
                            access: i,
                            through: None,
                            other: self.other_operand(i, base)?,
                        }),
                    },
                    _ => return None,
                }
            }
        }
        Some(uses)
    }

    /// The accesses `add`'s result `e = base + j` is the cell of (with a
    /// constant offset), if it is read by nothing else anywhere.
    fn through_add(&self, add: Inst, j: Value) -> Option<Vec<Use>> {
        let f = self.f;
        let e = f.inst(add).result?;
        if f.constant(j).is_some_and(|k| !fits(k)) {
            return None;
        }
        let mut uses = Vec::new();
        for &b in &self.l.blocks {
            for &i in &f.block(b).insts {
                match reads(f, i, e) {
                    0 => continue,
                    1 => {}
                    _ => return None,
                }
                let other = self.other_operand(i, e)?;
                f.constant(other)?;
                if !self.index_holds(add, i, j) {
                    return None;
                }
                uses.push(Use {
                    access: i,
                    through: Some((add, j)),
                    other,
                });
            }
        }
        // Read outside the loop too: it stays.
        (uses.len() as u32 == self.reads[e]).then_some(uses)
    }

    /// Whether index `j`, read by `add`, is still in its register at
    /// `access`, which reads it in the `add`'s place: a constant, or a
    /// value in a register, live just before the access, which comes
    /// after the `add` in its block (so `j` was not redefined between, nor
    /// its register given to another value).
    fn index_holds(&self, add: Inst, access: Inst, j: Value) -> bool {
        let f = self.f;
        if f.constant(j).is_some() {
            return true;
        }
        let Some(bit) = self.bits[j] else {
            return false;
        };
        self.l.blocks.iter().any(|&b| {
            let insts = &f.block(b).insts;
            let at = |i: Inst| insts.iter().position(|&x| x == i);
            match (at(add), at(access)) {
                (Some(p), Some(q)) if p < q => {
                    self.allocation.live_after[insts[q - 1].index()].contains(bit as usize)
                }
                _ => false,
            }
        })
    }

    /// The other operand of access `i`'s cell, if `i` is a load or store
    /// the guard leaves unchecked whose cell `v` is one operand of (not
    /// the value a store stores), and a constant other operand fits a
    /// displacement.
    fn other_operand(&self, i: Inst, v: Value) -> Option<Value> {
        let f = self.f;
        let (base, off) = match *f.kind(i) {
            InstKind::Load(base, off) => (base, off),
            InstKind::Store(base, off, value) if value != v => (base, off),
            _ => return None,
        };
        if !self.unchecked(i) {
            return None;
        }
        let other = if base == v { off } else { base };
        match f.constant(other) {
            Some(k) if !fits(k) => None,
            _ => Some(other),
        }
    }

    /// Whether the guard leaves access `i` unchecked, its group's check
    /// (`group_checks`) too.
    fn unchecked(&self, i: Inst) -> bool {
        let unchecked = |i: Inst| self.unchecked.binary_search(&i).is_ok();
        let head = self
            .heads
            .binary_search_by_key(&i, |h| h.0)
            .ok()
            .map(|k| self.heads[k].1);
        unchecked(i) && head.is_none_or(unchecked)
    }

    /// Use `u` of `base` as an access's operand parts.
    fn access(&self, base: Value, u: Use) -> Option<Access> {
        let constant = |v: Value| self.f.constant(v).map(|k| k as i64);
        let (index, k) = match u.through {
            None => match constant(u.other) {
                Some(k) => (None, k),
                None => (Some(u.other), 0),
            },
            Some((_, j)) => {
                let k = constant(u.other).unwrap_or(0);
                match constant(j) {
                    Some(c) => (None, k + c),
                    None => (Some(j), k),
                }
            }
        };
        Some(Access {
            inst: u.access,
            base,
            index,
            disp: i32::try_from(k * 8).ok()?,
        })
    }
}

/// How many of `i`'s operands are `v`.
pub(crate) fn reads(f: &Function, i: Inst, v: Value) -> u32 {
    let mut n = 0;
    f.kind(i).for_each_operand(|w| n += u32::from(w == v));
    n
}

#[cfg(test)]
mod tests {
    use crate::pipeline::context::Context;
    use crate::pipeline::phase::Phase;

    /// The bases `rebase` converts in `main` of `text`.
    fn bases(text: &str) -> usize {
        let program = vm::load(text.as_bytes()).expect("loads");
        let ctx = Context::compiled_to(&program, program.main, Phase::Rebase).expect("compiles");
        ctx.rebased
            .expect("found")
            .iter()
            .map(|r| r.bases.len())
            .sum()
    }

    /// A loop over row `%row` whose body is `body`.
    fn row_loop(body: &str) -> String {
        format!(
            ".memory 4096\nfunc main(%i, %w)\n    load %row, [%i]\n    mov %s, 0\n    mov %j, 0\n\
             loop:\n    jge %j, %w, out\n{body}    add %j, %j, 1\n    jmp loop\nout:\n    ret %s\nend\n"
        )
    }

    #[test]
    fn a_row_read_only_through_its_cells_is_rebased() {
        let through_add = "    add %e, %row, %j\n    load %x, [%e+1]\n    add %s, %s, %x\n";
        assert_eq!(bases(&row_loop(through_add)), 1);
        let swapped = "    add %e, %j, %row\n    load %x, [%e]\n    store [%e], %s\n";
        assert_eq!(bases(&row_loop(swapped)), 1);
    }

    #[test]
    fn a_row_read_as_a_number_or_beside_a_call_is_not() {
        let as_number = "    add %e, %row, %j\n    load %x, [%e]\n    add %s, %s, %row\n";
        assert_eq!(bases(&row_loop(as_number)), 0);
        let stored = "    add %e, %row, %j\n    store [%e], %row\n";
        assert_eq!(bases(&row_loop(stored)), 0);
        let address_kept = "    add %e, %row, %j\n    load %x, [%e]\n    add %s, %s, %e\n";
        assert_eq!(bases(&row_loop(address_kept)), 0);
        let printed = "    add %e, %row, %j\n    load %x, [%e]\n    print %x\n";
        assert_eq!(bases(&row_loop(printed)), 0);
    }

    /// The access would read the index's register where the `add` read
    /// it: not where the index has moved on between (the mutation tests
    /// found this one).
    #[test]
    fn nor_one_whose_index_moves_between_its_add_and_its_access() {
        let program = ".memory 4096\nfunc main(%i, %w)\n    load %row, [%i]\n    mov %s, 0\n    mov %j, 0\n\
             loop:\n    jge %j, %w, out\n    add %e, %row, %j\n    add %j, %j, 1\n    load %x, [%e]\n\
             add %s, %s, %x\n    jmp loop\nout:\n    ret %s\nend\n";
        assert_eq!(bases(program), 0);
    }
}
