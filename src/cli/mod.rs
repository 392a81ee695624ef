//! The command line, by subcommand: arguments (`args`), failures and
//! their exit statuses (`failure`), loading (`load`), `run`, `dump` and
//! `explore` (`inspect`), `bench`, and `fuzz` and `reduce` (`fuzz`).

pub(crate) mod args;
pub(crate) mod bench;
pub(crate) mod failure;
pub(crate) mod fuzz;
pub(crate) mod inspect;
pub(crate) mod load;
pub(crate) mod run;

pub(crate) use args::*;
pub(crate) use bench::*;
pub(crate) use failure::*;
pub(crate) use inspect::*;
pub(crate) use load::*;
pub(crate) use run::*;

pub(crate) use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
pub(crate) use jit::driver::engine::{Setup, SetupError, Tier};
pub(crate) use std::fmt;
pub(crate) use std::io::{self, Write};
pub(crate) use std::sync::Arc;
pub(crate) use std::time::{Duration, Instant};
pub(crate) use vm::{Limits, LoadError, Output, Program, Vm};

/// The thread the command line lends its VMs' first compiler thread: the
/// process's main thread, which has nothing else to do while the VM's
/// thread runs (`main.rs`).
pub(crate) static MAIN_THREAD: jit::driver::threads::Lender = jit::driver::threads::Lender::new();
