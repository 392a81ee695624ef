function main (asm, 366 bytes)
    00000  jmp 00000000000000C2h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 7: load
    00013  cmp rsi,7
    0001a  jae 000000000000003Bh
; line 8: mul
    00020  imul rdi,[r14+rsi*8]
; line 9: load
    00025  mov rsi,[r14+rsi*8+8]
; line 10: add
    0002d  add rsi,rsi
; line 11: add
    00030  add rsi,rdi
; line 12: ret
    00033  mov rax,rsi
    00036  mov rsp,rbp
    00039  pop rbp
    0003a  ret
; a group's span out of bounds: find the member
    0003b  lea rcx,[rsi]
    00043  cmp rcx,8
    0004a  jae 000000000000006Ah
    00050  lea rcx,[rsi+1]
    00058  cmp rcx,8
    0005f  jae 0000000000000092h
    00065  jmp 0000000000000092h
; trap: memory access out of bounds at line 7
    0006a  mov rdi,r12
    0006d  mov rsi,1
    00077  mov rdx,0
    00081  mov rax,ADDR
    0008b  call rax  ; jit_trap
    0008d  jmp 00000000000000BAh
; trap: memory access out of bounds at line 9
    00092  mov rdi,r12
    00095  mov rsi,1
    0009f  mov rdx,2
    000a9  mov rax,ADDR
    000b3  call rax  ; jit_trap
    000b5  jmp 00000000000000BAh
; unwind to the entry from the interpreter
    000ba  mov rsp,[r15+28h]
    000c1  ret
; external entry (from the interpreter)
    000c2  push rbp
    000c3  mov rbp,rsp
    000c6  push rbx
    000c7  push r12
    000c9  push r13
    000cb  push r14
    000cd  push r15
    000cf  mov r12,rdi
    000d2  mov r15,ADDR
    000dc  push qword ptr [r15+28h]
    000e3  mov r14,ADDR
    000ed  mov r13,[r15+10h]
    000f4  sub r13,[r15]
    000fb  lea rax,[147h]
    00102  push rax
    00103  mov [r15+28h],rsp
    0010a  sub rsp,8
    0010e  mov rdx,rsi
    00111  sub rsp,10h
    00118  mov rsi,[rdx]
    0011f  mov rdi,[rdx+8]
    00126  call 8
    0012b  xor edx,edx
    0012d  lea rsp,[rbp-30h]
    00134  pop rcx
    00135  mov [r15+28h],rcx
    0013c  pop r15
    0013e  pop r14
    00140  pop r13
    00142  pop r12
    00144  pop rbx
    00145  pop rbp
    00146  ret
    00147  lea rbp,[rsp+30h]
    0014f  mov edx,1
    00154  lea rsp,[rbp-30h]
    0015b  pop rcx
    0015c  mov [r15+28h],rcx
    00163  pop r15
    00165  pop r14
    00167  pop r13
    00169  pop r12
    0016b  pop rbx
    0016c  pop rbp
    0016d  ret

