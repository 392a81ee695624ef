function update (asm, 416 bytes)
    00000  jmp 000000000000016Fh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  mov eax,0
    0000e  cmp rax,rdi
    00011  jl 000000000000001Eh
; return before the frame
    00017  mov eax,0
    0001d  ret
; frame
    0001e  push rbp
    0001f  mov rbp,rsp
    00022  sub rsp,10h
    00029  mov [rbp-8],rbx
    0002d  mov [rbp-10h],r10
    00031  mov r10,rdi
    00034  mov r9d,0
    0003a  mov r8d,0
    00040  lea rcx,[rsi+1]
    00048  cmp rcx,37h
    0004f  ja 000000000000005Ah
    00055  jmp 0000000000000117h
; line 13: jge
    0005a  cmp r8,r10
    0005d  jl 00000000000000A1h
    00063  jmp 00000000000000F0h
    00068  nop [rax+rax]
; line 22: load
    00070  lea rax,[rsi+9]
    00078  cmp rax,40h
    0007f  jae 0000000000000149h
; line 23: add
    00085  add rdi,[r14+rax*8]
; line 24: store
    00089  mov [r14+rsi*8+48h],rdi
; line 25: add
    00091  add r9,rdi
; line 26: add
    00094  add r8,1
; line 27: jmp
; line 13: jge
    00098  cmp r8,r10
    0009b  jge 00000000000000F0h
; line 14: load
    000a1  lea rax,[rsi+1]
    000a9  cmp rax,40h
    000b0  jae 0000000000000154h
; line 15: add
    000b6  mov rdi,r8
    000b9  add rdi,[r14+rax*8]
; line 16: store
    000bd  mov [r14+rsi*8+8],rdi
; line 17: jlt
    000c5  test rdi,rdi
    000c8  jl 0000000000000070h
; line 18: load
    000ca  lea rax,[rsi+5]
    000d2  cmp rax,40h
    000d9  jae 000000000000015Fh
; line 19: add
    000df  mov rbx,rdi
    000e2  add rbx,[r14+rax*8]
; line 20: store
    000e6  mov [r14+rsi*8+28h],rbx
    000ee  jmp 0000000000000070h
; line 29: ret
    000f0  mov rax,r9
    000f3  mov rbx,[rbp-8]
    000f7  mov r10,[rbp-10h]
    000fb  mov rsp,rbp
    000fe  pop rbp
    000ff  ret
; line 22: load
; line 23: add
; unchecked copy of the loop at line 13
    00100  add rdi,[r14+rsi*8+48h]
; line 24: store
    00108  mov [r14+rsi*8+48h],rdi
; line 25: add
    00110  add r9,rdi
; line 26: add
    00113  add r8,1
; line 27: jmp
; line 13: jge
    00117  cmp r8,r10
    0011a  jge 00000000000000F0h
; line 14: load
; line 15: add
    0011c  mov rdi,r8
    0011f  add rdi,[r14+rsi*8+8]
; line 16: store
    00127  mov [r14+rsi*8+8],rdi
; line 17: jlt
    0012f  test rdi,rdi
    00132  jl 0000000000000100h
; line 18: load
; line 19: add
    00134  mov rbx,rdi
    00137  add rbx,[r14+rsi*8+28h]
; line 20: store
    0013f  mov [r14+rsi*8+28h],rbx
    00147  jmp 0000000000000100h
; trap: memory access out of bounds at line 22
    00149  mov edx,0Ah
    0014e  jmp qword ptr [190h]  ; glue: memory access out of bounds through jit_trap
; trap: memory access out of bounds at line 14
    00154  mov edx,3
    00159  jmp qword ptr [190h]  ; glue: memory access out of bounds through jit_trap
; trap: memory access out of bounds at line 18
    0015f  mov edx,7
    00164  jmp qword ptr [190h]  ; glue: memory access out of bounds through jit_trap
; unwind to the entry from the interpreter
    0016a  mov rsp,[r15+28h]
    0016e  ret
; external entry (from the interpreter)
    0016f  mov rax,ADDR
    00179  mov rcx,ADDR
    00183  lea r11,[8]
    0018a  jmp qword ptr [198h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    00190  dq ADDR  ; glue: memory access out of bounds through jit_trap
    00198  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers

