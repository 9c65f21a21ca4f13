// Entry reserved by the package exports map; its contents arrive with the machines and bindings work.
export {};
