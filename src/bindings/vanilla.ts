// Entry reserved by the package exports map; the vanilla binding arrives with the bindings work.
export {};
