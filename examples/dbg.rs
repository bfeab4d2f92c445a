fn main() {
    let t = amdgpu_mc::Target::from_name("gfx906").unwrap();
    for l in std::env::args().skip(1) {
        println!(
            "{l}\n  => {:?}",
            amdgpu_mc::assemble_line(t, &l).map(|i| i.display(t).to_string())
        );
    }
}
