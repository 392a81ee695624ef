function main (asm, 346 bytes)
    00000  jmp 00000000000000AAh
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
    0005f  jae 0000000000000086h
    00065  jmp 0000000000000086h
; trap: memory access out of bounds at line 7
    0006a  mov rdi,[r15+30h]
    0006e  mov esi,1
    00073  xor edx,edx
    00075  mov rax,ADDR
    0007f  call rax  ; jit_trap
    00081  jmp 00000000000000A5h
; trap: memory access out of bounds at line 9
    00086  mov rdi,[r15+30h]
    0008a  mov esi,1
    0008f  mov edx,2
    00094  mov rax,ADDR
    0009e  call rax  ; jit_trap
    000a0  jmp 00000000000000A5h
; unwind to the entry from the interpreter
    000a5  mov rsp,[r15+28h]
    000a9  ret
; external entry (from the interpreter)
    000aa  push rbp
    000ab  mov rbp,rsp
    000ae  push rbx
    000af  push r12
    000b1  push r13
    000b3  push r14
    000b5  push r15
    000b7  mov r15,ADDR
    000c1  mov [r15+30h],rdi
    000c8  push qword ptr [r15+28h]
    000cf  mov r14,ADDR
    000d9  mov r13,[r15+10h]
    000e0  sub r13,[r15]
    000e7  lea rax,[133h]
    000ee  push rax
    000ef  mov [r15+28h],rsp
    000f6  sub rsp,8
    000fa  mov rdx,rsi
    000fd  sub rsp,10h
    00104  mov rsi,[rdx]
    0010b  mov rdi,[rdx+8]
    00112  call 8
    00117  xor edx,edx
    00119  lea rsp,[rbp-30h]
    00120  pop rcx
    00121  mov [r15+28h],rcx
    00128  pop r15
    0012a  pop r14
    0012c  pop r13
    0012e  pop r12
    00130  pop rbx
    00131  pop rbp
    00132  ret
    00133  lea rbp,[rsp+30h]
    0013b  mov edx,1
    00140  lea rsp,[rbp-30h]
    00147  pop rcx
    00148  mov [r15+28h],rcx
    0014f  pop r15
    00151  pop r14
    00153  pop r13
    00155  pop r12
    00157  pop rbx
    00158  pop rbp
    00159  ret

