function update (asm, 488 bytes)
    00000  jmp 00000000000001B1h
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
    00055  jmp 000000000000010Bh
; line 13: jge
    0005a  cmp r8,r10
    0005d  jl 000000000000009Dh
    00063  jmp 00000000000000E4h
    00068  nop [rax+rax]
; line 22: load
    00070  cmp rsi,37h
    00077  jae 000000000000013Dh
; line 23: add
    0007d  add rdi,[r14+rsi*8+48h]
; line 24: store
    00085  mov [r14+rsi*8+48h],rdi
; line 25: add
    0008d  add r9,rdi
; line 26: add
    00090  add r8,1
; line 27: jmp
; line 13: jge
    00094  cmp r8,r10
    00097  jge 00000000000000E4h
; line 14: load
    0009d  cmp rsi,3Fh
    000a4  jae 0000000000000157h
; line 15: add
    000aa  mov rdi,r8
    000ad  add rdi,[r14+rsi*8+8]
; line 16: store
    000b5  mov [r14+rsi*8+8],rdi
; line 17: jlt
    000bd  test rdi,rdi
    000c0  jl 0000000000000070h
; line 18: load
    000c2  cmp rsi,3Bh
    000c9  jae 0000000000000171h
; line 19: add
    000cf  mov rbx,rdi
    000d2  add rbx,[r14+rsi*8+28h]
; line 20: store
    000da  mov [r14+rsi*8+28h],rbx
    000e2  jmp 0000000000000070h
; line 29: ret
    000e4  mov rax,r9
    000e7  mov rbx,[rbp-8]
    000eb  mov r10,[rbp-10h]
    000ef  mov rsp,rbp
    000f2  pop rbp
    000f3  ret
; line 22: load
; line 23: add
; unchecked copy of the loop at line 13
    000f4  add rdi,[r14+rsi*8+48h]
; line 24: store
    000fc  mov [r14+rsi*8+48h],rdi
; line 25: add
    00104  add r9,rdi
; line 26: add
    00107  add r8,1
; line 27: jmp
; line 13: jge
    0010b  cmp r8,r10
    0010e  jge 00000000000000E4h
; line 14: load
; line 15: add
    00110  mov rdi,r8
    00113  add rdi,[r14+rsi*8+8]
; line 16: store
    0011b  mov [r14+rsi*8+8],rdi
; line 17: jlt
    00123  test rdi,rdi
    00126  jl 00000000000000F4h
; line 18: load
; line 19: add
    00128  mov rbx,rdi
    0012b  add rbx,[r14+rsi*8+28h]
; line 20: store
    00133  mov [r14+rsi*8+28h],rbx
    0013b  jmp 00000000000000F4h
; cells off a base past their check: find the first outside
    0013d  lea rcx,[rsi+9]
    00145  cmp rcx,40h
    0014c  jae 000000000000018Bh
    00152  jmp 000000000000007Dh
; cells off a base past their check: find the first outside
    00157  lea rcx,[rsi+1]
    0015f  cmp rcx,40h
    00166  jae 0000000000000196h
    0016c  jmp 00000000000000AAh
; cells off a base past their check: find the first outside
    00171  lea rcx,[rsi+5]
    00179  cmp rcx,40h
    00180  jae 00000000000001A1h
    00186  jmp 00000000000000CFh
; trap: memory access out of bounds at line 22
    0018b  mov edx,0Ah
    00190  jmp qword ptr [1D8h]  ; glue: memory access out of bounds through jit_trap
; trap: memory access out of bounds at line 14
    00196  mov edx,3
    0019b  jmp qword ptr [1D8h]  ; glue: memory access out of bounds through jit_trap
; trap: memory access out of bounds at line 18
    001a1  mov edx,7
    001a6  jmp qword ptr [1D8h]  ; glue: memory access out of bounds through jit_trap
; unwind to the entry from the interpreter
    001ac  mov rsp,[r15+28h]
    001b0  ret
; external entry (from the interpreter)
    001b1  mov rax,ADDR
    001bb  mov rcx,ADDR
    001c5  lea r11,[8]
    001cc  jmp qword ptr [1E0h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    001d8  dq ADDR  ; glue: memory access out of bounds through jit_trap
    001e0  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers

