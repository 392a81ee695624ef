function main (baseline asm, 374 bytes)
    00000  jmp 00000000000000D4h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
    00013  xor eax,eax
    00015  mov [rbp-8],rax
; line 6: call
    00019  mov esi,1
    0001e  mov rax,ADDR
    00028  mov rax,[rax]
    0002b  test rax,rax
    0002e  je 0000000000000091h
    00034  cmp rsp,[r15+20h]
    0003b  jb 0000000000000091h
    00041  sub r13,1
    00045  jb 000000000000008Dh
    0004b  add rax,8
    0004f  call rax
    00051  add r13,1
    00055  mov [rbp-8],rax
; line 7: print
    00059  mov rax,[rbp-8]
    0005d  mov rsi,rax
    00060  mov ecx,1
    00065  mov rdi,[r15+30h]
    00069  mov rax,ADDR
    00073  push r10
    00075  push r11
    00077  call rax  ; jit_print
    00079  pop r11
    0007b  pop r10
    0007d  test rdx,rdx
    00080  jne 00000000000000CFh
; line 8: ret
    00086  xor eax,eax
    00088  mov rsp,rbp
    0008b  pop rbp
    0008c  ret
; call g at line 6 through jit_call
    0008d  add r13,1
    00091  mov [rsp],rsi
    00095  mov rcx,[r15+10h]
    00099  sub rcx,r13
    0009c  mov [r15],rcx
    0009f  mov esi,1
    000a4  mov rdx,rsp
    000a7  xor ecx,ecx
    000a9  mov rdi,[r15+30h]
    000ad  mov rax,ADDR
    000b7  push r10
    000b9  push r11
    000bb  call rax  ; jit_call
    000bd  pop r11
    000bf  pop r10
    000c1  test rdx,rdx
    000c4  jne 00000000000000CFh
    000ca  jmp 0000000000000055h
; unwind to the entry from the interpreter
    000cf  mov rsp,[r15+28h]
    000d3  ret
; external entry (from the interpreter)
    000d4  push rbp
    000d5  mov rbp,rsp
    000d8  push rbx
    000d9  push r12
    000db  push r13
    000dd  push r14
    000df  push r15
    000e1  mov r15,ADDR
    000eb  mov [r15+30h],rdi
    000f2  push qword ptr [r15+28h]
    000f9  mov r14,8
    00103  mov r13,[r15+10h]
    0010a  sub r13,[r15]
    00111  lea rax,[14Fh]
    00118  push rax
    00119  mov [r15+28h],rsp
    00120  sub rsp,8
    00124  mov rdx,rsi
    00127  sub rsp,0
    0012e  call 8
    00133  xor edx,edx
    00135  lea rsp,[rbp-30h]
    0013c  pop rcx
    0013d  mov [r15+28h],rcx
    00144  pop r15
    00146  pop r14
    00148  pop r13
    0014a  pop r12
    0014c  pop rbx
    0014d  pop rbp
    0014e  ret
    0014f  lea rbp,[rsp+30h]
    00157  mov edx,1
    0015c  lea rsp,[rbp-30h]
    00163  pop rcx
    00164  mov [r15+28h],rcx
    0016b  pop r15
    0016d  pop r14
    0016f  pop r13
    00171  pop r12
    00173  pop rbx
    00174  pop rbp
    00175  ret

